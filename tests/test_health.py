"""The health endpoint checks the database and the index."""


def test_healthy_node(client, rules):
    response = client.get("/healthz/")
    assert response.status_code == 200
    assert response.json()["database"] == "ok" and response.json()["index"] == "ok"
    assert response.json()["documents"] == 200


def test_missing_index_is_503(client, rules, settings, tmp_path):
    settings.ARBITRE_INDEX_DIR = tmp_path / "none"
    response = client.get("/healthz/")
    assert response.status_code == 503 and response.json()["index"].startswith("erreur")


def test_database_down_is_503(client, rules, monkeypatch):
    class Down:
        def cursor(self):
            raise RuntimeError("database unreachable")

    monkeypatch.setattr("judge.health.connection", Down())
    response = client.get("/healthz/")
    assert response.status_code == 503 and response.json()["database"].startswith("erreur")
