/**
 * The transport of a configured route on Node: SMTP (`@hakiki/engine/smtp`, nodemailer) and SMPP
 * (`@hakiki/engine/smpp`), and every runtime-neutral one through `createRouteTransport`.
 */
import type { Transport } from '@hakiki/engine'
import { createSmppTransport } from '@hakiki/engine/smpp'
import { createSmtpTransport } from '@hakiki/engine/smtp'
import { createRouteTransport } from './create-route-transport'
import type { ServerRoute } from './server-config'

/** Builds the transport of `route`, SMTP and SMPP included. */
export function createNodeRouteTransport(route: ServerRoute): Transport {
  const t = route.transport
  const timeoutMs = t.timeoutSeconds * 1000
  if (t.type === 'smtp') {
    return createSmtpTransport({
      name: t.name,
      host: t.host,
      port: t.port,
      from: t.from,
      timeoutMs,
      ...(t.secure === undefined ? {} : { secure: t.secure }),
      ...(t.requireTls === undefined ? {} : { requireTls: t.requireTls }),
      ...(t.auth ? { auth: { user: t.auth.user, pass: t.auth.pass } } : {}),
    })
  }
  if (t.type === 'smpp') {
    return createSmppTransport({ name: t.name, url: t.url, systemId: t.systemId, password: t.password, sourceAddr: t.sourceAddr, timeoutMs, ...(t.systemType ? { systemType: t.systemType } : {}) })
  }
  return createRouteTransport(route)
}
