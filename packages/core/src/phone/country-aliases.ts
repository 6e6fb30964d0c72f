/**
 * What people type to find a country that its name in `Intl.DisplayNames` does not contain: the
 * readings of names written in kanji (ja "にほん" for 日本), the everyday and former names in the
 * languages whose users search that way (ru "США", "Белоруссия"; en "Turkey", "Swaziland"; ja
 * "米国"; ar "أمريكا"; zh "南韩"), keyed by ISO 3166-1 alpha-2 code. Japanese katakana names need
 * no reading here: a search folds hiragana and katakana together ("がーな" finds ガーナ).
 *
 * Data, not logic: the country search of `@hakiki/ui` (`searchCountries`) matches these like
 * names. Abbreviations (all capitals, at most four letters: "USA", "США", "ОАЭ") match only whole.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // Japanese: readings of kanji names, and the kanji short names in everyday use.
  JP: ['にほん', 'にっぽん', 'Nippon', 'Nihon', 'Япония'],
  CN: ['ちゅうごく', 'ちゅうかじんみんきょうわこく', 'Китай', 'PRC'],
  KR: ['かんこく', 'だいかんみんこく', '韓国', '南韩', '南朝鲜', 'Южная Корея', 'South Korea'],
  KP: ['きたちょうせん', '北朝鮮', '北韩', 'Северная Корея', 'North Korea'],
  US: ['べいこく', 'あめりか', '米国', 'アメリカ', 'США', 'Штаты', 'Америка', 'أمريكا', 'امريكا', 'الولايات المتحدة', '美国', '美國', 'USA', 'America', 'United States of America'],
  GB: ['えいこく', 'いぎりす', '英国', 'イギリス', 'Великобритания', 'Британия', 'Англия', 'بريطانيا', 'انجلترا', 'إنجلترا', 'UK', 'Britain', 'Great Britain', 'England'],
  TW: ['たいわん', '台湾', '臺灣', 'Тайвань'],
  HK: ['ほんこん', '香港', 'Гонконг'],
  DE: ['どいつ', '独逸', 'Германия', 'ألمانيا'],
  FR: ['ふつ', '仏国', 'Франция', 'فرنسا'],
  IT: ['いたりあ', 'Италия'],
  RU: ['ろしあ', 'Россия', 'РФ', 'Russian Federation', '俄国', 'روسيا'],
  IN: ['いんど', 'Индия', 'الهند'],
  // Former and common names.
  TR: ['Turkey', 'Turkiye', 'Türkei', 'Turquie', 'Турция', 'تركيا', 'とるこ', '土耳其'],
  SZ: ['Swaziland', 'Свазиленд', 'スワジランド', '斯威士兰'],
  BY: ['Belorussia', 'Byelorussia', 'Белоруссия', 'Беларусь', 'ベラルーシ', '白俄罗斯'],
  MK: ['Macedonia', 'Македония', 'マケドニア', '马其顿'],
  CZ: ['Czech Republic', 'Czechia', 'Чехия', 'チェコ'],
  CV: ['Cape Verde', 'Кабо-Верде'],
  MM: ['Burma', 'Бирма', 'ビルマ', '缅甸'],
  CD: ['DRC', 'DR Congo', 'Congo-Kinshasa', 'Zaire', 'ДРК', 'الكونغو الديمقراطية'],
  CG: ['Congo-Brazzaville'],
  CI: ['Ivory Coast', 'Кот-д’Ивуар', 'ساحل العاج', '象牙海岸'],
  NL: ['Holland', 'Голландия', 'おらんだ', '和兰', '荷兰'],
  AE: ['UAE', 'Emirates', 'ОАЭ', 'Эмираты', 'الإمارات', 'الامارات', '阿联酋'],
  SA: ['KSA', 'السعودية', 'Саудовская Аравия', 'さうじ'],
  EG: ['مصر', 'Египет'],
  MA: ['المغرب', 'Марокко'],
  DZ: ['الجزائر', 'Алжир'],
  TN: ['تونس', 'Тунис'],
  IR: ['Persia', 'Персия', 'ペルシャ', '波斯'],
  VN: ['Viet Nam', 'Вьетнам', 'べとなむ'],
  LA: ['Laos', 'Лаос', '老挝'],
  VA: ['Vatican', 'Ватикан', 'ばちかん', '梵蒂冈'],
  MO: ['まかお', '澳门', 'Макао'],
}
