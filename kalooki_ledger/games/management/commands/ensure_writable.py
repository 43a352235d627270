from django.core.management.base import BaseCommand, CommandError

from kalooki_ledger.faults import database_writable


class Command(BaseCommand):
    help = (
        "Fails unless the database takes a write (run before serving: a read-only one loses hands)."
    )

    def handle(self, *args, **options):
        why = database_writable()
        if why is not None:
            raise CommandError(f"the database can't be written ({why}): not serving it")
        self.stdout.write("The database takes writes.")
