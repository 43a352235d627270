"""Trinidad no longer doubles by default (issue 16). A Trinidad game stored before, with a hand
marked as bending the table, was scored and paid doubled: it keeps that doubling as a rule of
its own, so no total or payment of a game already played changes."""

from django.db import migrations

RULE = "kalookie_doubles_penalties"


def keep_doubling(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    doubled = Game.objects.filter(preset="trinidad", hands__kalookie=True).distinct()
    for game in doubled:
        if RULE not in game.rule_overrides:
            game.rule_overrides = {**game.rule_overrides, RULE: True}
            game.save(update_fields=["rule_overrides"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0007_order_ties_by_id"),
    ]

    operations = [
        migrations.RunPython(keep_doubling, migrations.RunPython.noop),
    ]
