/**
 * Every locale's message template, imported statically so the Fetch handler needs no file system
 * and runs unchanged in Node, workers and the browser. The annotation makes a missing locale a type
 * error; `templates.test.ts` checks each file's content.
 */
import type { ApiLocale } from '@hakiki/core'
import type { MessageTemplate } from './message-template'
import af from '../templates/af.json' with { type: 'json' }
import ar from '../templates/ar.json' with { type: 'json' }
import ca from '../templates/ca.json' with { type: 'json' }
import cs from '../templates/cs.json' with { type: 'json' }
import da from '../templates/da.json' with { type: 'json' }
import de from '../templates/de.json' with { type: 'json' }
import el from '../templates/el.json' with { type: 'json' }
import en from '../templates/en.json' with { type: 'json' }
import enGB from '../templates/en-GB.json' with { type: 'json' }
import es from '../templates/es.json' with { type: 'json' }
import fi from '../templates/fi.json' with { type: 'json' }
import fr from '../templates/fr.json' with { type: 'json' }
import he from '../templates/he.json' with { type: 'json' }
import hi from '../templates/hi.json' with { type: 'json' }
import hr from '../templates/hr.json' with { type: 'json' }
import hu from '../templates/hu.json' with { type: 'json' }
import id from '../templates/id.json' with { type: 'json' }
import it from '../templates/it.json' with { type: 'json' }
import ja from '../templates/ja.json' with { type: 'json' }
import ko from '../templates/ko.json' with { type: 'json' }
import ms from '../templates/ms.json' with { type: 'json' }
import nb from '../templates/nb.json' with { type: 'json' }
import nl from '../templates/nl.json' with { type: 'json' }
import pl from '../templates/pl.json' with { type: 'json' }
import pt from '../templates/pt.json' with { type: 'json' }
import prBR from '../templates/pr-BR.json' with { type: 'json' }
import ro from '../templates/ro.json' with { type: 'json' }
import ru from '../templates/ru.json' with { type: 'json' }
import sv from '../templates/sv.json' with { type: 'json' }
import th from '../templates/th.json' with { type: 'json' }
import tl from '../templates/tl.json' with { type: 'json' }
import tr from '../templates/tr.json' with { type: 'json' }
import vi from '../templates/vi.json' with { type: 'json' }
import zh from '../templates/zh.json' with { type: 'json' }
import zhCN from '../templates/zh-CN.json' with { type: 'json' }
import zhHK from '../templates/zh-HK.json' with { type: 'json' }

/** Templates by API locale: all 36. */
export const TEMPLATES: Readonly<Record<ApiLocale, MessageTemplate>> = {
  af,
  ar,
  ca,
  cs,
  da,
  de,
  el,
  en,
  'en-GB': enGB,
  es,
  fi,
  fr,
  he,
  hi,
  hr,
  hu,
  id,
  it,
  ja,
  ko,
  ms,
  nb,
  nl,
  pl,
  pt,
  'pr-BR': prBR,
  ro,
  ru,
  sv,
  th,
  tl,
  tr,
  vi,
  zh,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
}

/** The template of `locale`. */
export function getTemplate(locale: ApiLocale): MessageTemplate {
  return TEMPLATES[locale]
}
