import unhomoglyph from 'unhomoglyph';

/**
 * User names that cannot pass for one another (UTS #39). Pure functions.
 *
 * - A name is kept in NFKC, so `ａdmin` (full-width) is stored and compared as `admin`.
 * - Default-ignorable code points (U+034F, variation selectors, zero-width and bidi controls…)
 *   and format characters are refused: they are invisible.
 * - One name uses one script, or one of the combinations UTS #39 allows at the restriction
 *   level "highly restrictive" (Latin with Han and Japanese kana, Bopomofo or Hangul). Script
 *   data is the runtime's (ICU) `\p{Script_Extensions=…}`.
 * - Two names whose confusable skeletons are equal are the same name (`admın`, `adrnin` and
 *   `admin`): the skeleton is stored beside the name under a unique index. Confusable data is
 *   the Unicode confusables.txt mapping shipped by the `unhomoglyph` package.
 */

/** 2–32 letters of any script, combining marks, decimal digits, `_`, `-`, `.`. */
const NAME_RE = /^[\p{L}\p{M}\p{Nd}_.-]{2,32}$/u;
/** Invisible characters: never part of a name, even where NFKC keeps them. */
const INVISIBLE_RE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
const LETTER_OR_DIGIT_RE = /[\p{L}\p{Nd}]/u;

/**
 * Unicode script names (ISO 15924 long names as the runtime knows them). A name the runtime
 * does not know is skipped, so a newer or older ICU changes nothing here but its own data.
 */
const SCRIPT_NAMES = [
  'Adlam', 'Ahom', 'Anatolian_Hieroglyphs', 'Arabic', 'Armenian', 'Avestan', 'Balinese', 'Bamum', 'Bassa_Vah', 'Batak',
  'Bengali', 'Bhaiksuki', 'Bopomofo', 'Brahmi', 'Braille', 'Buginese', 'Buhid', 'Canadian_Aboriginal', 'Carian',
  'Caucasian_Albanian', 'Chakma', 'Cham', 'Cherokee', 'Chorasmian', 'Coptic', 'Cuneiform', 'Cypriot', 'Cypro_Minoan',
  'Cyrillic', 'Deseret', 'Devanagari', 'Dives_Akuru', 'Dogra', 'Duployan', 'Egyptian_Hieroglyphs', 'Elbasan', 'Elymaic',
  'Ethiopic', 'Garay', 'Georgian', 'Glagolitic', 'Gothic', 'Grantha', 'Greek', 'Gujarati', 'Gunjala_Gondi', 'Gurmukhi',
  'Gurung_Khema', 'Han', 'Hangul', 'Hanifi_Rohingya', 'Hanunoo', 'Hatran', 'Hebrew', 'Hiragana', 'Imperial_Aramaic',
  'Inscriptional_Pahlavi', 'Inscriptional_Parthian', 'Javanese', 'Kaithi', 'Kannada', 'Katakana', 'Kawi', 'Kayah_Li',
  'Kharoshthi', 'Khitan_Small_Script', 'Khmer', 'Khojki', 'Khudawadi', 'Kirat_Rai', 'Lao', 'Latin', 'Lepcha', 'Limbu',
  'Linear_A', 'Linear_B', 'Lisu', 'Lycian', 'Lydian', 'Mahajani', 'Makasar', 'Malayalam', 'Mandaic', 'Manichaean',
  'Marchen', 'Masaram_Gondi', 'Medefaidrin', 'Meetei_Mayek', 'Mende_Kikakui', 'Meroitic_Cursive',
  'Meroitic_Hieroglyphs', 'Miao', 'Modi', 'Mongolian', 'Mro', 'Multani', 'Myanmar', 'Nabataean', 'Nag_Mundari',
  'Nandinagari', 'New_Tai_Lue', 'Newa', 'Nko', 'Nushu', 'Nyiakeng_Puachue_Hmong', 'Ogham', 'Ol_Chiki', 'Ol_Onal',
  'Old_Hungarian', 'Old_Italic', 'Old_North_Arabian', 'Old_Permic', 'Old_Persian', 'Old_Sogdian', 'Old_South_Arabian',
  'Old_Turkic', 'Old_Uyghur', 'Oriya', 'Osage', 'Osmanya', 'Pahawh_Hmong', 'Palmyrene', 'Pau_Cin_Hau', 'Phags_Pa',
  'Phoenician', 'Psalter_Pahlavi', 'Rejang', 'Runic', 'Samaritan', 'Saurashtra', 'Sharada', 'Shavian', 'Siddham',
  'SignWriting', 'Sinhala', 'Sogdian', 'Sora_Sompeng', 'Soyombo', 'Sundanese', 'Sunuwar', 'Syloti_Nagri', 'Syriac',
  'Tagalog', 'Tagbanwa', 'Tai_Le', 'Tai_Tham', 'Tai_Viet', 'Takri', 'Tamil', 'Tangsa', 'Tangut', 'Telugu', 'Thaana',
  'Thai', 'Tibetan', 'Tifinagh', 'Tirhuta', 'Todhri', 'Toto', 'Tulu_Tigalari', 'Ugaritic', 'Vai', 'Vithkuqi', 'Wancho',
  'Warang_Citi', 'Yezidi', 'Yi', 'Zanabazar_Square',
];

function scriptRe(name: string): RegExp | undefined {
  try {
    return new RegExp(`^\\p{Script_Extensions=${name}}$`, 'u');
  } catch {
    return undefined;
  }
}

const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = SCRIPT_NAMES.flatMap((n) => {
  const re = scriptRe(n);
  return re ? [[n, re] as const] : [];
});

/** Characters that belong to every script (digits, `_`, `-`, `.`, combining marks). */
const COMMON_RE = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** The combinations of scripts "highly restrictive" accepts beyond a single script. */
const ALLOWED_MIXES: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts a character is used with (Script_Extensions), empty for Common and Inherited. */
function scriptsOf(ch: string): string[] {
  if (COMMON_RE.test(ch)) return [];
  return SCRIPTS.filter(([, re]) => re.test(ch)).map(([n]) => n);
}

/**
 * UTS #39 restriction level "highly restrictive" (section 5.2): the characters' script sets
 * have a script in common, or every character falls in one of the allowed combinations.
 */
export function isHighlyRestrictive(name: string): boolean {
  const sets = [...name].map(scriptsOf).filter((s) => s.length > 0);
  if (sets.length === 0) return true;
  let common = new Set(sets[0]);
  for (const s of sets) common = new Set(s.filter((x) => common.has(x)));
  if (common.size > 0) return true;
  return ALLOWED_MIXES.some((mix) => sets.every((s) => s.some((x) => mix.has(x))));
}

/**
 * The UTS #39 skeleton (NFD, confusable prototypes, NFD) of a name compared case-insensitively:
 * lower-cased before and after, as names are unique regardless of case.
 */
export function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').toLowerCase().normalize('NFD');
  return unhomoglyph(folded).normalize('NFD').toLowerCase();
}

/** A name as stored (NFKC, trimmed) and its skeleton, or undefined when it may not be a user name. */
export function parseUserName(raw: string): { name: string; skeleton: string } | undefined {
  const name = raw.normalize('NFKC').trim();
  if (INVISIBLE_RE.test(name) || !NAME_RE.test(name)) return undefined;
  // `..`, `._`, `.a`: a name needs a letter or a digit, and no dot at either end (path segments, hidden files).
  if (!LETTER_OR_DIGIT_RE.test(name) || name.startsWith('.') || name.endsWith('.')) return undefined;
  if (!isHighlyRestrictive(name)) return undefined;
  return { name, skeleton: nameSkeleton(name) };
}

/** The form a typed name is looked up by (login): NFKC and trimmed, like a stored name. */
export const lookupForm = (raw: string): string => raw.normalize('NFKC').trim();
