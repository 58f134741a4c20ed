import { describe, expect, it } from "vitest"
import { type HomeRun, lighthouseSection, medianRun } from "./lighthouse"

const run = (performance: number, lcpMs: number): HomeRun => ({
  scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
  fcpMs: 1200,
  lcpMs,
  tbtMs: 80,
  cls: 0,
  siMs: 1300,
  scriptTransferBytes: 120 * 1024,
  scriptResourceBytes: 420 * 1024,
  totalTransferBytes: 160 * 1024,
  benchmarkIndex: 1500,
})

describe("the Lighthouse section", () => {
  it("reports the median run by performance score, with every run's score", () => {
    const runs = [run(97, 1900), run(88, 2600), run(93, 2200)]
    expect(medianRun(runs).scores.performance).toBe(93)
    const section = lighthouseSection(runs)
    expect(section.startsWith("## ")).toBe(true)
    expect(section).toContain("| performance | 93 (runs: 97, 88, 93) | ≥ 95 |")
    expect(section).toContain("| Largest Contentful Paint | 2.20 s |")
    expect(section).toContain("120.0 KiB (420.0 KiB uncompressed)")
    expect(section).toContain("index for the runs was 1500, 1500, 1500")
  })

  it("refuses to summarise no run", () => {
    expect(() => medianRun([])).toThrow()
  })
})
