/** A setting the shop cannot start with; its message names the setting and what it takes. */
export class ConfigError extends Error {
  override readonly name = "ConfigError"
}
