/**
 * Local stand-ins for three SMS gateways, written from each vendor's public API reference (cited
 * in the transports: `src/transports/create-*-transport.ts`). Each is a real node:http server on
 * a loopback port that checks credentials where the vendor does, answers in the vendor's wire
 * format, records what it received, and posts delivery reports in the vendor's webhook format.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the stand-in answers sends. */
export type StandInMode = 'ok' | 'invalid-number' | 'down' | 'bad-key'

/** One send as the stand-in received it. */
export interface ReceivedSend {
  to: string
  text: string
  from?: string
  messageId: string
  /** Where this message's reports go (Infobip: per message). */
  notifyUrl?: string
}

/** A running stand-in. */
export interface GatewayStandIn {
  url: string
  mode: StandInMode
  sends: ReceivedSend[]
  /** Posts a delivery report for `messageId` in the vendor's webhook format; resolves with the HTTP status the engine answered. */
  report(messageId: string, outcome: 'delivered' | 'failed', options?: { callbackUrl?: string; tamper?: boolean }): Promise<number>
  close(): Promise<void>
}

/** XML text back to plain text (the TwiML of a call). */
const unescapeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')

async function readBody(req: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of req) body += String(chunk)
  return body
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function closer(server: Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
}

/** Africa's Talking: POST /version1/messaging, form body, `apiKey` header; reports form-encoded to the dashboard's callback URL. */
export async function startAfricasTalkingStandIn(credentials: { username: string; apiKey: string }, callbackUrl: string): Promise<GatewayStandIn> {
  const standIn = { mode: 'ok', sends: [] } as unknown as GatewayStandIn
  const server = createServer(async (req, res) => {
    const body = new URLSearchParams(await readBody(req))
    if (req.method !== 'POST' || req.url !== '/version1/messaging') return void res.writeHead(404).end()
    if (req.headers.apikey !== credentials.apiKey || body.get('username') !== credentials.username || standIn.mode === 'bad-key') {
      return void res.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid')
    }
    if (standIn.mode === 'down') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error')
    const messageId = `ATXid_${randomUUID().replaceAll('-', '')}`
    const invalid = standIn.mode === 'invalid-number'
    if (!invalid) standIn.sends.push({ to: body.get('to')!, text: body.get('message')!, from: body.get('from') ?? undefined, messageId })
    const recipient = invalid
      ? { statusCode: 403, number: body.get('to'), status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' }
      : { statusCode: 101, number: body.get('to'), status: 'Success', cost: 'KES 0.8000', messageId }
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ SMSMessageData: { Message: invalid ? 'Sent to 0/1' : 'Sent to 1/1 Total Cost: KES 0.8000', Recipients: [recipient] } }))
  })
  standIn.url = await listen(server)
  standIn.report = async (messageId, outcome, options) => {
    const form = new URLSearchParams({ id: messageId, status: outcome === 'delivered' ? 'Success' : 'Failed', phoneNumber: '+254711000000', networkCode: '63902', retryCount: '0' })
    if (outcome === 'failed') form.set('failureReason', 'DeliveryFailure')
    const url = options?.tamper ? callbackUrl.replace(/key=[^&]+/, 'key=wrong') : (options?.callbackUrl ?? callbackUrl)
    return (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })).status
  }
  standIn.close = closer(server)
  return standIn
}

/** Termii: POST /api/sms/send, JSON with `api_key`; reports JSON signed with X-Termii-Signature (HMAC-SHA512, secret key). */
export async function startTermiiStandIn(credentials: { apiKey: string; secretKey: string }, callbackUrl: string): Promise<GatewayStandIn> {
  const standIn = { mode: 'ok', sends: [] } as unknown as GatewayStandIn
  const server = createServer(async (req, res) => {
    const json = JSON.parse((await readBody(req)) || '{}') as Record<string, string>
    if (req.method !== 'POST' || req.url !== '/api/sms/send') return void res.writeHead(404).end()
    if (json.api_key !== credentials.apiKey || standIn.mode === 'bad-key') return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Unauthorized' }))
    if (standIn.mode === 'down') return void res.writeHead(503).end()
    if (standIn.mode === 'invalid-number' || !/^\d{8,15}$/.test(json.to ?? '') || json.type !== 'plain' || !['dnd', 'generic'].includes(json.channel ?? '')) {
      return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Invalid phone number' }))
    }
    const messageId = String(Date.now()) + String(standIn.sends.length)
    standIn.sends.push({ to: json.to!, text: json.sms!, from: json.from, messageId })
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'ok', message_id: messageId, message: 'Successfully Sent', balance: 9, user: 'Acme' }))
  })
  standIn.url = await listen(server)
  standIn.report = async (messageId, outcome, options) => {
    const body = JSON.stringify({
      type: 'outbound',
      message_id: messageId,
      receiver: '2348031234567',
      sender: 'Acme',
      sent_at: '2026-11-27 02:00:00',
      cost: '3.9',
      status: outcome === 'delivered' ? 'DELIVERED | Message delivered to handset' : 'Message Failed',
      channel: 'dnd',
    })
    const signature = createHmac('sha512', options?.tamper ? 'not the secret' : credentials.secretKey).update(body).digest('hex')
    return (await fetch(options?.callbackUrl ?? callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-termii-signature': signature }, body })).status
  }
  standIn.close = closer(server)
  return standIn
}

/** Infobip: POST /sms/2/text/advanced, `Authorization: App <key>`; reports JSON to each message's notifyUrl. */
export async function startInfobipStandIn(credentials: { apiKey: string }): Promise<GatewayStandIn> {
  const standIn = { mode: 'ok', sends: [] } as unknown as GatewayStandIn
  const server = createServer(async (req, res) => {
    const text = await readBody(req)
    if (req.method !== 'POST' || req.url !== '/sms/2/text/advanced') return void res.writeHead(404).end()
    if (req.headers.authorization !== `App ${credentials.apiKey}` || standIn.mode === 'bad-key') {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ requestError: { serviceException: { messageId: 'UNAUTHORIZED', text: 'Invalid login details' } } }))
    }
    if (standIn.mode === 'down') return void res.writeHead(500).end()
    const message = (JSON.parse(text) as { messages: { from: string; destinations: { to: string }[]; text: string; notifyUrl?: string }[] }).messages[0]!
    const to = message.destinations[0]!.to
    const messageId = randomUUID()
    const rejected = standIn.mode === 'invalid-number' || !/^\d{8,15}$/.test(to)
    if (!rejected) standIn.sends.push({ to, text: message.text, from: message.from, messageId, notifyUrl: message.notifyUrl })
    const status = rejected
      ? { groupId: 5, groupName: 'REJECTED', id: 51, name: 'REJECTED_DESTINATION', description: 'Destination address is not valid' }
      : { groupId: 1, groupName: 'PENDING', id: 26, name: 'PENDING_ACCEPTED', description: 'Message sent to next instance' }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: [{ to, status, messageId }] }))
  })
  standIn.url = await listen(server)
  standIn.report = async (messageId, outcome, options) => {
    const send = standIn.sends.find((s) => s.messageId === messageId)
    const status =
      outcome === 'delivered'
        ? { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET', description: 'Message delivered to handset' }
        : { groupId: 2, groupName: 'UNDELIVERABLE', id: 9, name: 'UNDELIVERABLE_NOT_DELIVERED', description: 'Message sent not delivered' }
    const body = JSON.stringify({ results: [{ bulkId: 'b', messageId, to: send?.to, sentAt: '2026-11-27T02:00:00.000+0000', doneAt: '2026-11-27T02:00:01.000+0000', smsCount: 1, status, error: { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR' } }] })
    const url = options?.callbackUrl ?? send?.notifyUrl ?? ''
    return (await fetch(options?.tamper ? url.replace(/token=[^&]+/, 'token=wrong') : url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status
  }
  standIn.close = closer(server)
  return standIn
}

/**
 * Twilio: POST /2010-04-01/Accounts/{sid}/Messages.json and /Calls.json, form bodies, HTTP Basic;
 * status callbacks as form POSTs to the message's StatusCallback, signed with X-Twilio-Signature.
 */
export async function startTwilioStandIn(credentials: { accountSid: string; authToken: string }): Promise<GatewayStandIn & { calls: (ReceivedSend & { language: string })[] }> {
  const standIn = { mode: 'ok', sends: [], calls: [] } as unknown as GatewayStandIn & { calls: (ReceivedSend & { language: string })[] }
  const basic = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readBody(req))
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match) return void res.writeHead(404).end()
    const json = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.headers.authorization !== basic || match[1] !== credentials.accountSid || standIn.mode === 'bad-key') return void json(401, { code: 20003, message: 'Authenticate', status: 401 })
    if (standIn.mode === 'down') return void json(503, { code: 20503, message: 'Service unavailable', status: 503 })
    const to = form.get('To') ?? ''
    if (standIn.mode === 'invalid-number' || !/^\+\d{8,15}$/.test(to)) return void json(400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 })
    const isCall = match[2] === 'Calls'
    const messageId = `${isCall ? 'CA' : 'SM'}${randomUUID().replaceAll('-', '')}`
    const notifyUrl = form.get('StatusCallback') ?? undefined
    if (isCall) {
      const twiml = form.get('Twiml') ?? ''
      const say = /<Say language="([^"]*)">([\s\S]*)<\/Say>/.exec(twiml)
      standIn.calls.push({ to, text: unescapeXml(say?.[2] ?? ''), language: say?.[1] ?? '', from: form.get('From') ?? undefined, messageId, notifyUrl })
    } else {
      standIn.sends.push({ to, text: form.get('Body') ?? '', from: form.get('From') ?? undefined, messageId, notifyUrl })
    }
    json(201, { sid: messageId, account_sid: credentials.accountSid, to, status: 'queued' })
  })
  standIn.url = await listen(server)
  standIn.report = async (messageId, outcome, options) => {
    const send = [...standIn.sends, ...standIn.calls].find((s) => s.messageId === messageId)
    const params = new URLSearchParams(
      messageId.startsWith('CA')
        ? { CallSid: messageId, CallStatus: outcome === 'delivered' ? 'completed' : 'no-answer', AccountSid: credentials.accountSid }
        : { MessageSid: messageId, MessageStatus: outcome === 'delivered' ? 'delivered' : 'undelivered', AccountSid: credentials.accountSid, ...(outcome === 'failed' ? { ErrorCode: '30003' } : {}) },
    )
    const url = options?.callbackUrl ?? send?.notifyUrl ?? ''
    const data = url + [...params.entries()].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => k + v).join('')
    const signature = createHmac('sha1', options?.tamper ? 'not the token' : credentials.authToken).update(data).digest('base64')
    return (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: params })).status
  }
  standIn.close = closer(server)
  return standIn
}
