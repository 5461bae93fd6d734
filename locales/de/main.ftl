# The German catalogue: the default and the fallback (docs/i18n.md).
# Every key here exists in every other language (checked by a unit test).

lang-name = Deutsch
signed-in-as = Angemeldet als { $name }
