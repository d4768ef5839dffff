export { isOutboundAddressAllowed, type OutboundPolicy } from "./address-policy";
export { guardedLookup, OutboundRefusedError, type OutboundResolver, systemResolver } from "./guarded-lookup";
export { isOutboundRefusal, type OutboundOptions, outboundAgent, outboundFetch } from "./outbound-fetch";
export {
  assertOutboundUrl,
  checkOutboundUrl,
  isOutboundScheme,
  type OutboundUrlProblem,
  outboundUrlProblemText,
} from "./outbound-url";
