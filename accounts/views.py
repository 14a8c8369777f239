"""The player's own pages: the profile (display name, language, time zone, notifications)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import ProfileForm, time_zone_names
from accounts.models import User


class AuthedRequest(HttpRequest):
    user: User


@login_required
@require_http_methods(["GET", "POST"])
def profile(request: AuthedRequest) -> HttpResponse:
    if request.method == "POST":
        # A copy, so that a refused form does not leave half-changed values on request.user.
        form = ProfileForm(request.POST, instance=User.objects.get(pk=request.user.pk))
        if form.is_valid():
            user = services.user_profile_update(user=request.user, **form.cleaned_data)
            # The message is shown on the next page, which is already in the newly chosen language.
            with translation.override(user.language):
                messages.success(request, _("Your profile was saved."))
            response = HttpResponseRedirect(reverse("profile"))
            # Also for the pages seen after logging out (LocaleMiddleware reads the cookie).
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, user.language, max_age=365 * 24 * 3600, samesite="Lax"
            )
            return response
    else:
        form = ProfileForm(instance=request.user)
    return render(request, "accounts/profile.html", {"form": form, "time_zones": time_zone_names()})
