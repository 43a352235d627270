from django.db import migrations, models

import kalooki_ledger.games.models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_handed_over_scoring_links"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="revision",
            field=models.CharField(
                default=kalooki_ledger.games.models.new_revision, editable=False, max_length=32
            ),
        ),
    ]
