"""The site at the table with no network: the installable app (manifest, service worker), the rules
export, and the Python sent to the browser for the offline search (Pyodide)."""
