//! Name lists for the demo teachers (common Swiss first and last names) and
//! the spelling helpers for codes and e-mail addresses.

/// Female first names.
pub const FEMALE: &[&str] = &[
    "Anna",
    "Andrea",
    "Barbara",
    "Béatrice",
    "Carla",
    "Céline",
    "Chiara",
    "Claudia",
    "Corinne",
    "Daniela",
    "Esther",
    "Eva",
    "Franziska",
    "Gabriela",
    "Isabelle",
    "Jacqueline",
    "Julia",
    "Karin",
    "Katharina",
    "Laura",
    "Lea",
    "Livia",
    "Manuela",
    "Maria",
    "Martina",
    "Mirjam",
    "Monika",
    "Nadia",
    "Nathalie",
    "Nicole",
    "Petra",
    "Rahel",
    "Regula",
    "Ruth",
    "Sabine",
    "Sandra",
    "Sarah",
    "Seraina",
    "Silvia",
    "Simone",
    "Sonja",
    "Stefanie",
    "Susanne",
    "Tamara",
    "Ursula",
    "Valérie",
    "Verena",
    "Yvonne",
    "Zoé",
    "Anouk",
];

/// Male first names.
pub const MALE: &[&str] = &[
    "Adrian",
    "Andreas",
    "Beat",
    "Benjamin",
    "Christian",
    "Christoph",
    "Claudio",
    "Daniel",
    "David",
    "Dominik",
    "Fabian",
    "Felix",
    "Florian",
    "Gian",
    "Hans-Peter",
    "Jan",
    "Jean-Marc",
    "Jonas",
    "Jürg",
    "Kaspar",
    "Lukas",
    "Luca",
    "Marc",
    "Marco",
    "Markus",
    "Martin",
    "Matthias",
    "Michael",
    "Nicolas",
    "Niklaus",
    "Oliver",
    "Pascal",
    "Patrick",
    "Peter",
    "Philipp",
    "Raphael",
    "Reto",
    "Roger",
    "Roman",
    "Samuel",
    "Sandro",
    "Simon",
    "Stefan",
    "Thomas",
    "Tobias",
    "Urs",
    "Walter",
    "Yves",
    "René",
    "Mathias",
];

/// Last names.
pub const LAST: &[&str] = &[
    "Ammann",
    "Bachmann",
    "Baumann",
    "Baumgartner",
    "Berger",
    "Bernasconi",
    "Bieri",
    "Bösch",
    "Brunner",
    "Bucher",
    "Bühler",
    "Burri",
    "Da Silva",
    "Egli",
    "Favre",
    "Fischer",
    "Frei",
    "Frey",
    "Gerber",
    "Graf",
    "Hess",
    "Hofer",
    "Hofmann",
    "Huber",
    "Imhof",
    "Jäggi",
    "Kaufmann",
    "Keller",
    "Koch",
    "Kunz",
    "Lehmann",
    "Leuenberger",
    "Lüthi",
    "Marti",
    "Meier",
    "Meyer",
    "Moser",
    "Müller",
    "Nussbaumer",
    "Pfister",
    "Rochat",
    "Rossi",
    "Roth",
    "Rüegg",
    "Schär",
    "Schmid",
    "Schneider",
    "Schwarz",
    "Siegrist",
    "Stalder",
    "Steiner",
    "Stucki",
    "Studer",
    "Suter",
    "Sutter",
    "Tanner",
    "Vogel",
    "Vogt",
    "Weber",
    "Wenger",
    "Widmer",
    "Wyss",
    "Zbinden",
    "Zimmermann",
    "Zürcher",
    "Bianchi",
    "Ferrari",
    "Giger",
    "Häfliger",
    "Kälin",
    "Schnyder",
    "Wüthrich",
    "Fankhauser",
    "Ackermann",
    "Lanz",
    "Odermatt",
    "Portmann",
    "Rey",
    "Bonvin",
    "Caflisch",
];

/// Plain lower-case ASCII letters of a name for codes: `Müller` → `muller`.
pub fn code_letters(name: &str) -> Vec<char> {
    name.chars()
        .filter_map(|c| fold(c).next())
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A name for an e-mail local part: `Müller` → `mueller`, `Da Silva` → `dasilva`.
pub fn mail_part(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        match c {
            'ä' | 'Ä' => out.push_str("ae"),
            'ö' | 'Ö' => out.push_str("oe"),
            'ü' | 'Ü' => out.push_str("ue"),
            '-' => out.push('-'),
            c => out.extend(fold(c).filter(char::is_ascii_alphabetic).map(|c| c.to_ascii_lowercase())),
        }
    }
    out
}

fn fold(c: char) -> impl Iterator<Item = char> {
    let base = match c {
        'à' | 'á' | 'â' | 'ä' | 'À' | 'Ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' | 'É' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'Ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'Ü' => 'u',
        'ç' => 'c',
        c => c,
    };
    std::iter::once(base)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spelling() {
        assert_eq!(code_letters("Müller").into_iter().collect::<String>(), "muller");
        assert_eq!(code_letters("Da Silva").into_iter().collect::<String>(), "dasilva");
        assert_eq!(mail_part("Müller"), "mueller");
        assert_eq!(mail_part("Da Silva"), "dasilva");
        assert_eq!(mail_part("Jean-Marc"), "jean-marc");
        assert_eq!(mail_part("Zoé"), "zoe");
    }
}
