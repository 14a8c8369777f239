"""The player's own pages: the profile (display name, language, time zone, notifications)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

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
            return _with_language_cookie(HttpResponseRedirect(reverse("profile")), user.language)
    else:
        form = ProfileForm(instance=request.user)
    return render(request, "accounts/profile.html", {"form": form, "time_zones": time_zone_names()})


@login_required
@require_POST
def language_set(request: AuthedRequest) -> HttpResponse:
    """The header's language switch: stored on the profile, then back to the page it was used on."""
    try:
        user = services.user_language_set(user=request.user, language=request.POST.get("language", "")[:8])
    except ValidationError:
        messages.error(request, _("This language is not available."))
        return HttpResponseRedirect(_back(request))
    return _with_language_cookie(HttpResponseRedirect(_back(request)), user.language)


def _back(request: HttpRequest) -> str:
    """The ``next`` page posted with the form (same site only), else the lobby."""
    candidate = request.POST.get("next", "")
    if candidate and url_has_allowed_host_and_scheme(
        candidate, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return candidate
    return reverse("lobby")


def _with_language_cookie(response: HttpResponse, language: str) -> HttpResponse:
    """Also for the pages seen after logging out (LocaleMiddleware reads the cookie)."""
    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, language, max_age=365 * 24 * 3600, samesite="Lax")
    return response
