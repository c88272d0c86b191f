"""The game night: a history of finished games (SQLite), placement points, OpenSkill
ratings and the evening's standings. Pure core, no pygame: the screens live in
`client.evening.charts` and `client.scenes.halloffame`."""
