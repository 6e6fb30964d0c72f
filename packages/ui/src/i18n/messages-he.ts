import type { Messages } from './messages-en'

/**
 * Hebrew messages (`he`), worded without grammatical gender ("יש להזין", impersonal forms), as
 * Israeli sites do to address every user alike.
 */
export const messages: Messages = {
  'code.label': 'קוד אימות',
  'code.hint': {
    one: 'יש להזין את הקוד ({count} ספרה).',
    two: 'יש להזין את הקוד ({count} ספרות).',
    other: 'יש להזין את הקוד ({count} ספרות).',
  },
  'code.hintSentTo': {
    one: 'יש להזין את הקוד ({count} ספרה) שנשלח אל {address}.',
    two: 'יש להזין את הקוד ({count} ספרות) שנשלח אל {address}.',
    other: 'יש להזין את הקוד ({count} ספרות) שנשלח אל {address}.',
  },
  'code.checking': 'בודקים את הקוד…',

  'phone.label': 'מספר טלפון',
  'phone.country': 'מדינה',
  'phone.countrySelected': 'מדינה: {country}, {dialCode}',
  'phone.countrySearch': 'חיפוש מדינה',
  'phone.noCountryMatches': 'אין מדינה שתואמת את "{query}".',
  'phone.countryResults': { one: '{count} מדינה', two: '{count} מדינות', other: '{count} מדינות' },
  'phone.feePerSms': '{fee} להודעת SMS',
  'phone.error.tooShort': 'המספר קצר מדי עבור {country}.',
  'phone.error.tooLong': 'המספר ארוך מדי עבור {country}.',
  'phone.error.invalid': 'יש להזין מספר טלפון תקין עבור {country}.',
  'phone.error.unsupportedCountry': 'עדיין אי אפשר לשלוח קודים למדינה הזו.',
  'phone.error.noCountry': 'יש לבחור מדינה, או להתחיל את המספר ב-+ ובקידומת המדינה.',
  'phone.error.invalidNoCountry': 'יש להזין מספר טלפון תקין.',
  'phone.error.required': 'יש להזין מספר טלפון.',

  'email.label': 'כתובת אימייל',
  'email.placeholder': 'name@example.com',
  'email.error.required': 'יש להזין כתובת אימייל.',
  'email.error.invalid': 'יש להזין כתובת אימייל תקינה, למשל name@example.com.',

  'channel.legend': 'שליחת הקוד באמצעות',
  'channel.sms': 'SMS',
  'channel.call': 'שיחה קולית',
  'channel.email': 'אימייל',
  'channel.fee': '{fee} להודעה',

  'locale.label': 'שפה',

  'resend.button': 'שליחה חוזרת של הקוד',
  'resend.countdown': {
    one: 'שליחה חוזרת בעוד {count} שנ׳',
    two: 'שליחה חוזרת בעוד {count} שנ׳',
    other: 'שליחה חוזרת בעוד {count} שנ׳',
  },
  'resend.wait': {
    one: 'אפשר יהיה לבקש קוד חדש בעוד {count} שנייה.',
    two: 'אפשר יהיה לבקש קוד חדש בעוד {count} שניות.',
    other: 'אפשר יהיה לבקש קוד חדש בעוד {count} שניות.',
  },
  'resend.ready': 'אפשר לבקש קוד חדש עכשיו.',
  'resend.sending': 'שולחים קוד חדש…',

  'expiry.countdown': 'תוקף הקוד יפוג בעוד {time}',
  'expiry.minutes': {
    one: 'תוקף הקוד יפוג בעוד {count} דקה.',
    two: 'תוקף הקוד יפוג בעוד {count} דקות.',
    other: 'תוקף הקוד יפוג בעוד {count} דקות.',
  },
  'expiry.seconds': {
    one: 'תוקף הקוד יפוג בעוד {count} שנייה.',
    two: 'תוקף הקוד יפוג בעוד {count} שניות.',
    other: 'תוקף הקוד יפוג בעוד {count} שניות.',
  },
  'expiry.expired': 'תוקף הקוד פג.',

  'attempts.left': { one: 'נותר {count} ניסיון', two: 'נותרו {count} ניסיונות', other: 'נותרו {count} ניסיונות' },
  'attempts.wrongCode': {
    one: 'הקוד שגוי. נותר {count} ניסיון.',
    two: 'הקוד שגוי. נותרו {count} ניסיונות.',
    other: 'הקוד שגוי. נותרו {count} ניסיונות.',
  },
  'attempts.none': 'לא נותרו ניסיונות. יש לבקש קוד חדש.',

  'error.invalid_request': 'משהו בטופס לא תקין. יש לבדוק ולנסות שוב.',
  'error.invalid_phone_number': 'מספר הטלפון לא תקין. יש לבדוק אותו ולנסות שוב.',
  'error.invalid_email': 'כתובת האימייל לא תקינה. יש לבדוק אותה ולנסות שוב.',
  'error.unsupported_country': 'עדיין אי אפשר לשלוח קודים למדינה הזו.',
  'error.unsupported_locale': 'הודעות בשפה הזו אינן זמינות. יש לבחור שפה אחרת.',
  'error.invalid_code_format': 'יש להזין את הקוד בספרות בלבד.',
  'error.rate_limited': 'יותר מדי בקשות. יש להמתין רגע ולנסות שוב.',
  'error.rate_limited.retry': {
    one: 'יותר מדי בקשות. אפשר לנסות שוב בעוד {count} שנייה.',
    two: 'יותר מדי בקשות. אפשר לנסות שוב בעוד {count} שניות.',
    other: 'יותר מדי בקשות. אפשר לנסות שוב בעוד {count} שניות.',
  },
  'error.not_found': 'בקשת הקוד הזו כבר לא בתוקף. יש לבקש קוד חדש.',
  'error.expired': 'תוקף הקוד פג. יש לבקש קוד חדש.',
  'error.too_many_attempts': 'יותר מדי קודים שגויים. יש לבקש קוד חדש.',
  'error.forbidden_origin': 'אי אפשר לבקש קודים מהדף הזה. יש לפנות לתמיכה של האתר.',
  'error.forbidden': 'אי אפשר לבקש קוד כרגע.',
  'error.upstream_unavailable': 'שירות האימות עמוס. אפשר לנסות שוב בעוד רגע.',
  'error.upstream_error': 'אירעה בעיה בשירות האימות. אפשר לנסות שוב בעוד רגע.',
  'error.network_error': 'אין חיבור. יש לוודא שיש חיבור לאינטרנט ולנסות שוב.',
  'error.invalid_response': 'משהו השתבש אצלנו. אפשר לנסות שוב מאוחר יותר.',
  'error.wrong_code': 'הקוד שגוי.',
  'error.incomplete_code': {
    one: 'יש להזין את הקוד המלא ({count} ספרה).',
    two: 'יש להזין את כל {count} הספרות של הקוד.',
    other: 'יש להזין את כל {count} הספרות של הקוד.',
  },
  'error.unknown': 'משהו השתבש. אפשר לנסות שוב.',

  'flow.heading.phone': 'אימות מספר הטלפון',
  'flow.heading.email': 'אימות כתובת האימייל',
  'flow.heading.code': 'הזנת הקוד',
  'flow.heading.verified': 'האימות הצליח',
  'flow.heading.expired': 'תוקף הקוד פג',
  'flow.heading.locked': 'יותר מדי קודים שגויים',
  'flow.heading.failed': 'משהו השתבש',
  'flow.send': 'שליחת קוד',
  'flow.send.countdown': {
    one: 'שליחת קוד בעוד {count} שנ׳',
    two: 'שליחת קוד בעוד {count} שנ׳',
    other: 'שליחת קוד בעוד {count} שנ׳',
  },
  'flow.verify': 'אימות',
  'flow.sending': 'שולחים את הקוד…',
  'flow.sent.sms': 'שלחנו קוד ב-SMS אל {address}.',
  'flow.sent.call': 'אנחנו מתקשרים אל {address} כדי להקריא לך קוד.',
  'flow.sent.email': 'שלחנו קוד אל {address}. ייתכן שיעבור עד דקה עד שיגיע.',
  'flow.changePhone': 'שינוי המספר',
  'flow.changeEmail': 'שינוי כתובת האימייל',
  'flow.callInstead': 'עדיף שיחה',
  'flow.smsInstead': 'עדיף SMS',
  'flow.newCode': 'שליחת קוד חדש',
  'flow.newCode.countdown': {
    one: 'שליחת קוד חדש בעוד {count} שנ׳',
    two: 'שליחת קוד חדש בעוד {count} שנ׳',
    other: 'שליחת קוד חדש בעוד {count} שנ׳',
  },
  'flow.expiredBody': 'הקודים תקפים לזמן מוגבל. כדי להמשיך, יש לשלוח קוד חדש.',
  'flow.lockedBody': 'למען האבטחה שלך, הקוד הזה כבר לא פעיל. כדי להמשיך, יש לשלוח קוד חדש.',
  'flow.verified': 'האימות של {address} הצליח.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'כבר ניסית את הקוד הזה.',
  'flow.autoSubmitHint': 'הקוד נבדק מיד אחרי הקלדת הספרה האחרונה.',
  'flow.callInstead.countdown': {
    one: 'עדיף שיחה בעוד {count} שנ׳',
    two: 'עדיף שיחה בעוד {count} שנ׳',
    other: 'עדיף שיחה בעוד {count} שנ׳',
  },
  'flow.smsInstead.countdown': {
    one: 'עדיף SMS בעוד {count} שנ׳',
    two: 'עדיף SMS בעוד {count} שנ׳',
    other: 'עדיף SMS בעוד {count} שנ׳',
  },
}
