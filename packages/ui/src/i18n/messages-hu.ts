import type { Messages } from './messages-en'

/**
 * Hungarian messages (`hu`), addressing the user formally ("Ön"). Values stand after a colon or
 * in parentheses, because Hungarian suffixes ("-ra/-re") and the article "a/az" change with the
 * sound of the word before them, which a placeholder cannot know.
 */
export const messages: Messages = {
  'code.label': 'Ellenőrző kód',
  'code.hint': { one: 'Adja meg a kódot ({count} számjegy).', other: 'Adja meg a kódot ({count} számjegy).' },
  'code.hintSentTo': {
    one: 'Adja meg a kódot ({count} számjegy), amelyet ide küldtünk: {address}.',
    other: 'Adja meg a kódot ({count} számjegy), amelyet ide küldtünk: {address}.',
  },
  'code.checking': 'A kód ellenőrzése…',

  'phone.label': 'Telefonszám',
  'phone.country': 'Ország',
  'phone.countrySelected': 'Ország: {country}, {dialCode}',
  'phone.countrySearch': 'Ország keresése',
  'phone.noCountryMatches': 'Egy ország sem felel meg ennek: „{query}”.',
  'phone.countryResults': { one: '{count} ország', other: '{count} ország' },
  'phone.feePerSms': '{fee} / SMS',
  'phone.error.tooShort': 'Ez a szám túl rövid ehhez az országhoz: {country}.',
  'phone.error.tooLong': 'Ez a szám túl hosszú ehhez az országhoz: {country}.',
  'phone.error.invalid': 'Adjon meg érvényes telefonszámot ehhez az országhoz: {country}.',
  'phone.error.unsupportedCountry': 'Ebbe az országba még nem tudunk kódot küldeni.',
  'phone.error.noCountry': 'Válassza ki az országot, vagy kezdje a számot + jellel és az ország hívókódjával.',
  'phone.error.invalidNoCountry': 'Adjon meg érvényes telefonszámot.',
  'phone.error.required': 'Adja meg a telefonszámát.',

  'email.label': 'E-mail-cím',
  'email.placeholder': 'name@example.com',
  'email.error.required': 'Adja meg az e-mail-címét.',
  'email.error.invalid': 'Adjon meg érvényes e-mail-címet, például: name@example.com.',

  'channel.legend': 'A kód küldésének módja',
  'channel.sms': 'SMS',
  'channel.call': 'Hanghívás',
  'channel.email': 'E-mail',
  'channel.fee': '{fee} / üzenet',

  'locale.label': 'Nyelv',

  'resend.button': 'Kód újraküldése',
  'resend.countdown.suffix': { one: '{count} mp múlva', other: '{count} mp múlva' },
  'resend.wait': {
    one: 'Új kódot {count} másodperc múlva kérhet.',
    other: 'Új kódot {count} másodperc múlva kérhet.',
  },
  'resend.ready': 'Most már kérhet új kódot.',
  'resend.sending': 'Új kódot küldünk…',

  'expiry.countdown': 'A kód {time} múlva lejár',
  'expiry.minutes': { one: 'A kód {count} perc múlva lejár.', other: 'A kód {count} perc múlva lejár.' },
  'expiry.seconds': { one: 'A kód {count} másodperc múlva lejár.', other: 'A kód {count} másodperc múlva lejár.' },
  'expiry.expired': 'A kód lejárt.',

  'attempts.left': { one: '{count} próbálkozás maradt', other: '{count} próbálkozás maradt' },
  'attempts.wrongCode': {
    one: 'Ez a kód nem jó. {count} próbálkozás maradt.',
    other: 'Ez a kód nem jó. {count} próbálkozás maradt.',
  },
  'attempts.none': 'Nincs több próbálkozás. Kérjen új kódot.',

  'error.invalid_request': 'Valami nem stimmel az űrlapon. Ellenőrizze, és próbálja újra.',
  'error.invalid_phone_number': 'Ez a telefonszám érvénytelen. Ellenőrizze, és próbálja újra.',
  'error.invalid_email': 'Ez az e-mail-cím érvénytelen. Ellenőrizze, és próbálja újra.',
  'error.unsupported_country': 'Ebbe az országba még nem tudunk kódot küldeni.',
  'error.unsupported_number_type': 'Erre a számra nem tudunk kódot küldeni. Adjon meg mobilszámot, vagy válassza az e-mailt.',
  'error.unsupported_country.named': 'Ebbe az országba még nem tudunk kódot küldeni ({country}).',
  'error.unsupported_number_type.noEmail': 'Erre a számra nem tudunk kódot küldeni. Adjon meg mobilszámot.',
  'error.unsupported_locale': 'Ezen a nyelven nem érhetők el üzenetek. Válasszon másik nyelvet.',
  'error.invalid_code_format': 'A kódot csak számjegyekkel adja meg.',
  'error.rate_limited': 'Túl sok kérés. Várjon egy kicsit, és próbálja újra.',
  'error.rate_limited.retry': {
    one: 'Túl sok kérés. Próbálja újra {count} másodperc múlva.',
    other: 'Túl sok kérés. Próbálja újra {count} másodperc múlva.',
  },
  'error.not_found': 'Ez a kódkérés már nem érvényes. Kérjen új kódot.',
  'error.expired': 'Ez a kód lejárt. Kérjen új kódot.',
  'error.too_many_attempts': 'Túl sok hibás kód. Kérjen új kódot.',
  'error.forbidden_origin': 'Erről az oldalról nem lehet kódot kérni. Forduljon a webhely ügyfélszolgálatához.',
  'error.forbidden': 'Jelenleg nem kérhet kódot.',
  'error.upstream_unavailable': 'Az ellenőrző szolgáltatás túlterhelt. Próbálja újra egy kis idő múlva.',
  'error.upstream_error': 'Hiba történt az ellenőrző szolgáltatásban. Próbálja újra egy kis idő múlva.',
  'error.store_unavailable': 'A szolgáltatás átmenetileg nem érhető el. Próbálja újra egy kis idő múlva.',
  'error.network_error': 'Nincs kapcsolat. Ellenőrizze, hogy online van-e, és próbálja újra.',
  'error.invalid_response': 'Hiba történt a mi oldalunkon. Próbálja újra később.',
  'error.wrong_code': 'Ez a kód nem jó.',
  'error.incomplete_code': {
    one: 'Adja meg a kód összes számjegyét ({count}).',
    other: 'Adja meg a kód összes számjegyét ({count}).',
  },
  'error.unknown': 'Hiba történt. Próbálja újra.',

  'flow.heading.phone': 'Telefonszám megerősítése',
  'flow.heading.email': 'E-mail-cím megerősítése',
  'flow.heading.code.sms': 'Adja meg a kódot, amelyet ide küldtünk: {address}',
  'flow.heading.code.call': 'Adja meg a kódot, amelyet felolvastunk ezen a számon: {address}',
  'flow.heading.code.email': 'Adja meg a kódot, amelyet ide küldtünk: {address}',
  'flow.heading.verified': 'Megerősítve',
  'flow.heading.expired': 'A kód lejárt',
  'flow.heading.locked': 'Túl sok hibás kód',
  'flow.heading.failed': 'Hiba történt',
  'flow.send': 'Kód küldése',
  'flow.verify': 'Megerősítés',
  'flow.sending': 'Küldjük a kódot…',
  'flow.sent.sms': 'SMS-ben kódot küldtünk ide: {address}.',
  'flow.sent.call': 'Felhívjuk ezt a számot, és felolvasunk egy kódot: {address}.',
  'flow.sent.email': 'Kódot küldtünk ide: {address}. Egy percig is eltarthat, amíg megérkezik.',
  'flow.changePhone': 'Szám módosítása',
  'flow.changeEmail': 'E-mail-cím módosítása',
  'flow.useEmail': 'Inkább e-mailt használok',
  'flow.callInstead': 'Inkább hívjanak fel',
  'flow.smsInstead': 'Inkább SMS-t kérek',
  'flow.newCode': 'Új kód küldése',
  'flow.expiredBody': 'A kódok csak korlátozott ideig érvényesek. A folytatáshoz küldjön új kódot.',
  'flow.lockedBody': 'Biztonsági okokból ez a kód már nem működik. A folytatáshoz küldjön új kódot.',
  'flow.verified': 'Megerősítve: {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Ezt a kódot már kipróbálta.',
  'flow.autoSubmitHint': 'A kódot azonnal ellenőrizzük, amint beírja az utolsó számjegyet.',
}
