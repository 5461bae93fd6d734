# The French catalogue (docs/i18n.md): Swiss French school administration
# terms. German stays the default and the fallback.

lang-name = Français
signed-in-as = Connecté·e en tant que { $name }
