// The operators' console: its route is lazy-loaded by the router; nothing else is shared.
export { OperatorConsoleRoute } from "./routes/operator-console";
