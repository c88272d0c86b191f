"""The window's input: devices to per-seat intents (the router), gamepads and their buttons."""
