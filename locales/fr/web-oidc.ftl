# Sign-in through the identity provider (src/web/sso.rs, docs/web.md §Sign-in and sessions), French.

oidc-signin-microsoft = Se connecter avec Microsoft
oidc-signin-generic = Se connecter par authentification unique
oidc-signin-or = Ou avec un lien de connexion :
oidc-error-state = Cette connexion a expiré, a déjà été achevée ou a été commencée dans un autre navigateur. Veuillez vous reconnecter.
oidc-error-denied = La connexion a été annulée ou refusée par le fournisseur d'identité.
oidc-error-refused = La connexion n'a pas pu être confirmée. Veuillez vous reconnecter.
oidc-error-account = Il n'existe pas de compte schoolplan pour « { $name } ». Veuillez vous adresser à l'administration.
oidc-error-unavailable = Le fournisseur d'identité est injoignable pour le moment. Veuillez réessayer plus tard ou vous connecter avec un lien de connexion.
