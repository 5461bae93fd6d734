# The English catalogue (docs/i18n.md).

lang-name = English
signed-in-as = Signed in as { $name }
