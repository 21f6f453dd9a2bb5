"""Classic Werewolf (The Werewolves of Millers Hollow + New Moon)."""
