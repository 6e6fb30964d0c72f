/**
 * Every locale's message template, imported statically so the Fetch handler needs no file system
 * and runs unchanged in Node, workers and the browser.
 */
import type { ApiLocale } from '@hakiki/core'
import type { MessageTemplate } from './message-template'
import en from '../templates/en.json' with { type: 'json' }

/** Templates by API locale. */
export const TEMPLATES: Partial<Record<ApiLocale, MessageTemplate>> = { en }

/** The template of `locale`, falling back to English while a translation is missing. */
export function getTemplate(locale: ApiLocale): MessageTemplate {
  return TEMPLATES[locale] ?? en
}
