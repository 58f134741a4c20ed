import type { TestProject } from "vitest/node"
import { writePgliteTemplate } from "./migrated-template"

declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data folder that every suite's embedded database starts from. */
    pgliteTemplate: string
  }
}

/** Migrates one embedded database for the whole run (support/migrated-template.ts). */
export default async function setup(project: TestProject) {
  const template = await writePgliteTemplate()
  project.provide("pgliteTemplate", template.file)
  return template.remove
}
