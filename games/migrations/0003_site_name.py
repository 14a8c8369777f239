from __future__ import annotations

from django.db import migrations


def name_the_site(apps, schema_editor):  # type: ignore[no-untyped-def]
    Site = apps.get_model("sites", "Site")
    Site.objects.update_or_create(pk=1, defaults={"domain": "127.0.0.1:8000", "name": "Hyperlane"})


class Migration(migrations.Migration):
    dependencies = [("games", "0002_verbose_names"), ("sites", "0002_alter_domain_unique")]
    operations = [migrations.RunPython(name_the_site, migrations.RunPython.noop)]
