"""In the browser, ``rules_ref.models`` without the database: the rules come from the export and are
always handed to ``rules_ref.search.index.rebuild(rules=…)``, which only names this class."""


class Rule:
    class objects:  # noqa: N801 - the manager's name, as the search package spells it
        @staticmethod
        def select_related(*fields):
            raise RuntimeError("pas de base de données dans le navigateur : l'index se construit depuis l'export")
