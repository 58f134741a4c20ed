import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { LoggingRequest } from "./orders.js"

/** POST /api/Logging: anyone may report; the server logs it and answers 204. */
export class LoggingApi extends HttpApiGroup.make("logging").add(
  HttpApiEndpoint.post("log", "/api/Logging").setPayload(LoggingRequest),
) {}
