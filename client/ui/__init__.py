"""The window's widgets and drawing: art, menus, toasts, the on-screen keyboard, tweens, sounds."""
