export { type HttpAppOptions, makeHttpApp } from "./app"
export { asProblemResponse, problemResponse } from "./problem-response"
