/**
 * `@hakiki/sandbox/wire`: the Verify API's wire code, shared by every implementation of the spec
 * (this sandbox, and `@hakiki/server` on the engine) so both answer byte for byte alike: the
 * response envelope and error bodies, the engine's refusals as answers, the bounded body readers, the create-request validation, the
 * route table, the rate list. Runtime-neutral: it loads no Node built-in.
 */
export { SandboxApiError, type SandboxErrorCode, type SandboxErrorStatus } from './sandbox-api-error'
export { envelope, errorResponse, json, serverErrorResponse, type Envelope, type ErrorBody, type ServerErrorBody } from './responses'
export { MAX_BODY_BYTES, mediaType, readForm, readJsonObject, readText } from './read-body'
export { validateCreateRequest, type CreateRequest } from './validate-create-request'
export { validateEmail, validatePhone, type ValidPhone } from './validate-address'
export { matchRoute, type Handler, type RequestContext, type Route, type RouteMatch } from './route'
export { SUPPORTED_COUNTRIES, smsFee, type SupportedCountry } from './sms-rates'
export { RATE_PATH, TOKEN_PATH, VERIFICATION_PATH } from './api-routes'
export { API_PRODUCT, type TokenResponse } from './token-store'
export { VERIFICATION_ID, type VerificationData } from './verification-store'
export { engineRefusal, notFound, type EngineRefusalContext } from './engine-refusal'
export { timingSafeEqual } from './timing-safe-equal'
export { TwilioApiError, fromSandboxError, invalidParameter, resourceNotFound, twilioErrorResponse, twilioJson, type TwilioErrorBody } from './twilio/twilio-api-error'
export { twilioDate, type TwilioVerification, type TwilioVerificationCheck, type TwilioVerificationStatus } from './twilio/twilio-resources'
