import type { Messages } from './messages-en'

/**
 * Turkish messages (`tr`), addressing the user formally ("siz"). Values stand before "için" or
 * after a colon, because Turkish suffixes follow vowel harmony with the word they attach to,
 * which a placeholder cannot know. Nouns stay singular after a number, so `one` and `other`
 * read alike.
 */
export const messages: Messages = {
  'code.label': 'Doğrulama kodu',
  'code.hint': { one: '{count} haneli kodu girin.', other: '{count} haneli kodu girin.' },
  'code.hintSentTo': {
    one: 'Şuraya gönderilen {count} haneli kodu girin: {address}.',
    other: 'Şuraya gönderilen {count} haneli kodu girin: {address}.',
  },
  'code.checking': 'Kod kontrol ediliyor…',

  'phone.label': 'Telefon numarası',
  'phone.country': 'Ülke',
  'phone.countrySelected': 'Ülke: {country}, {dialCode}',
  'phone.countrySearch': 'Ülke ara',
  'phone.noCountryMatches': '“{query}” ile eşleşen ülke yok.',
  'phone.countryResults': { one: '{count} ülke', other: '{count} ülke' },
  'phone.feePerSms': 'SMS başına {fee}',
  'phone.error.tooShort': 'Bu numara {country} için çok kısa.',
  'phone.error.tooLong': 'Bu numara {country} için çok uzun.',
  'phone.error.invalid': '{country} için geçerli bir telefon numarası girin.',
  'phone.error.unsupportedCountry': 'Bu ülkeye henüz kod gönderilemiyor.',
  'phone.error.noCountry': 'Ülkenizi seçin veya numaraya + ve ülke koduyla başlayın.',
  'phone.error.invalidNoCountry': 'Geçerli bir telefon numarası girin.',
  'phone.error.required': 'Telefon numaranızı girin.',

  'email.label': 'E-posta adresi',
  'email.placeholder': 'isim@example.com',
  'email.error.required': 'E-posta adresinizi girin.',
  'email.error.invalid': 'isim@example.com gibi geçerli bir e-posta adresi girin.',

  'channel.legend': 'Kod gönderme yöntemi',
  'channel.sms': 'SMS',
  'channel.call': 'Sesli arama',
  'channel.email': 'E-posta',
  'channel.fee': 'Mesaj başına {fee}',

  'locale.label': 'Dil',

  'resend.button': 'Kodu tekrar gönder',
  'resend.countdown': { one: 'Kodu tekrar gönder ({count} sn)', other: 'Kodu tekrar gönder ({count} sn)' },
  'resend.wait': {
    one: '{count} saniye sonra yeni kod isteyebilirsiniz.',
    other: '{count} saniye sonra yeni kod isteyebilirsiniz.',
  },
  'resend.ready': 'Artık yeni kod isteyebilirsiniz.',
  'resend.sending': 'Yeni kod gönderiliyor…',

  'expiry.countdown': 'Kodun kalan süresi: {time}',
  'expiry.minutes': { one: 'Kodun süresi {count} dakika sonra doluyor.', other: 'Kodun süresi {count} dakika sonra doluyor.' },
  'expiry.seconds': { one: 'Kodun süresi {count} saniye sonra doluyor.', other: 'Kodun süresi {count} saniye sonra doluyor.' },
  'expiry.expired': 'Kodun süresi doldu.',

  'attempts.left': { one: '{count} deneme hakkı kaldı', other: '{count} deneme hakkı kaldı' },
  'attempts.wrongCode': {
    one: 'Bu kod doğru değil. {count} deneme hakkı kaldı.',
    other: 'Bu kod doğru değil. {count} deneme hakkı kaldı.',
  },
  'attempts.none': 'Deneme hakkınız kalmadı. Yeni kod isteyin.',

  'error.invalid_request': 'Formda bir sorun var. Kontrol edip tekrar deneyin.',
  'error.invalid_phone_number': 'Bu telefon numarası geçerli değil. Kontrol edip tekrar deneyin.',
  'error.invalid_email': 'Bu e-posta adresi geçerli değil. Kontrol edip tekrar deneyin.',
  'error.unsupported_country': 'Bu ülkeye henüz kod gönderilemiyor.',
  'error.unsupported_locale': 'Bu dilde mesaj gönderilemiyor. Başka bir dil seçin.',
  'error.invalid_code_format': 'Kodu yalnızca rakamlarla girin.',
  'error.rate_limited': 'Çok fazla istek gönderildi. Biraz bekleyip tekrar deneyin.',
  'error.rate_limited.retry': {
    one: 'Çok fazla istek gönderildi. {count} saniye sonra tekrar deneyin.',
    other: 'Çok fazla istek gönderildi. {count} saniye sonra tekrar deneyin.',
  },
  'error.not_found': 'Bu kod isteği artık geçerli değil. Yeni kod isteyin.',
  'error.expired': 'Bu kodun süresi doldu. Yeni kod isteyin.',
  'error.too_many_attempts': 'Çok fazla yanlış kod girildi. Yeni kod isteyin.',
  'error.forbidden_origin': 'Bu sayfadan kod istenemiyor. Sitenin destek ekibiyle iletişime geçin.',
  'error.forbidden': 'Şu anda kod isteyemezsiniz.',
  'error.upstream_unavailable': 'Doğrulama hizmeti şu anda yoğun. Biraz sonra tekrar deneyin.',
  'error.upstream_error': 'Doğrulama hizmetinde bir sorun oluştu. Biraz sonra tekrar deneyin.',
  'error.network_error': 'Bağlantı yok. İnternete bağlı olduğunuzu kontrol edip tekrar deneyin.',
  'error.invalid_response': 'Bizim tarafımızda bir sorun oluştu. Daha sonra tekrar deneyin.',
  'error.wrong_code': 'Bu kod doğru değil.',
  'error.incomplete_code': { one: 'Kodun {count} hanesinin tamamını girin.', other: 'Kodun {count} hanesinin tamamını girin.' },
  'error.unknown': 'Bir sorun oluştu. Tekrar deneyin.',

  'flow.heading.phone': 'Telefon numaranızı doğrulayın',
  'flow.heading.email': 'E-posta adresinizi doğrulayın',
  'flow.heading.code': 'Kodu girin',
  'flow.heading.verified': 'Doğrulandı',
  'flow.heading.expired': 'Kodunuzun süresi doldu',
  'flow.heading.locked': 'Çok fazla yanlış kod',
  'flow.heading.failed': 'Bir sorun oluştu',
  'flow.send': 'Kod gönder',
  'flow.send.countdown': { one: 'Kod gönder ({count} sn)', other: 'Kod gönder ({count} sn)' },
  'flow.verify': 'Doğrula',
  'flow.sending': 'Kod gönderiliyor…',
  'flow.sent.sms': 'Şu numaraya SMS ile bir kod gönderdik: {address}.',
  'flow.sent.call': 'Size bir kod okumak için şu numarayı arıyoruz: {address}.',
  'flow.sent.email': 'Şu adrese bir kod gönderdik: {address}. Ulaşması bir dakika sürebilir.',
  'flow.changePhone': 'Numarayı değiştir',
  'flow.changeEmail': 'E-posta adresini değiştir',
  'flow.callInstead': 'Kodu sesli aramayla al',
  'flow.smsInstead': 'Kodu SMS ile al',
  'flow.newCode': 'Yeni kod gönder',
  'flow.newCode.countdown': { one: 'Yeni kod gönder ({count} sn)', other: 'Yeni kod gönder ({count} sn)' },
  'flow.expiredBody': 'Kodlar sınırlı bir süre geçerlidir. Devam etmek için yeni bir kod gönderin.',
  'flow.lockedBody': 'Güvenliğiniz için bu kod artık çalışmıyor. Devam etmek için yeni bir kod gönderin.',
  'flow.verified': 'Doğrulandı: {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Bu kodu zaten denediniz.',
  'flow.autoSubmitHint': 'Son rakamı yazdığınız anda kod kontrol edilir.',
  'flow.callInstead.countdown': { one: 'Kodu sesli aramayla al ({count} sn)', other: 'Kodu sesli aramayla al ({count} sn)' },
  'flow.smsInstead.countdown': { one: 'Kodu SMS ile al ({count} sn)', other: 'Kodu SMS ile al ({count} sn)' },
}
