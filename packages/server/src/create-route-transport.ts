/**
 * The transport of a configured route: the webhook transport of this package, or one of the
 * engine's gateway transports (Africa's Talking, Termii, Infobip), all runtime-neutral. SMTP and
 * SMPP need Node; `@hakiki/server/node` adds them (`createNodeRouteTransport`).
 */
import { createAfricasTalkingTransport, createInfobipTransport, createTermiiTransport, type Transport } from '@hakiki/engine'
import { createWebhookTransport } from './create-webhook-transport'
import type { ServerRoute } from './server-config'

/** Builds the transport of `route`; throws a TypeError for a transport this runtime cannot load (smtp, smpp). */
export function createRouteTransport(route: ServerRoute): Transport {
  const t = route.transport
  const timeoutMs = t.timeoutSeconds * 1000
  switch (t.type) {
    case 'webhook':
      return createWebhookTransport({ name: t.name, url: t.url, channels: t.channels, timeoutMs, ...(t.token ? { token: t.token } : {}) })
    case 'africas-talking':
      return createAfricasTalkingTransport({
        name: t.name,
        username: t.username,
        apiKey: t.apiKey,
        reportKey: t.reportKey,
        timeoutMs,
        ...(t.from ? { from: t.from } : {}),
        ...(t.baseUrl ? { baseUrl: t.baseUrl } : {}),
      })
    case 'termii':
      return createTermiiTransport({ name: t.name, apiKey: t.apiKey, from: t.from, baseUrl: t.baseUrl, secretKey: t.secretKey, timeoutMs, ...(t.route ? { route: t.route } : {}) })
    case 'infobip':
      return createInfobipTransport({ name: t.name, baseUrl: t.baseUrl, apiKey: t.apiKey, from: t.from, reportToken: t.reportToken, timeoutMs, ...(t.notifyUrl ? { notifyUrl: t.notifyUrl } : {}) })
    default:
      throw new TypeError(`routes: the ${t.type} transport needs Node: start the server with @hakiki/server/node (hakiki-server)`)
  }
}
