import { describe, expect, it } from "vitest"
import { type HomeRun, lighthouseSection, medianRun, runLine } from "./lighthouse"

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
    expect(section).toContain("The performance goal is not met in this run: decision 0095")
  })

  it("logs each run's score beside the benchmark index and the observed paints", () => {
    const line = runLine({ ...run(94, 2450), observedFcpMs: 2302.4, observedSiMs: 2328 })
    expect(line).toBe(
      "performance 94, benchmark index 1500, FCP 1200 ms, LCP 2450 ms, SI 1300 ms, TBT 80 ms, CLS 0.000, (observed FCP 2302 ms, SI 2328 ms)",
    )
    expect(runLine(run(94, 2450))).not.toContain("observed")
  })

  it("refuses to summarise no run", () => {
    expect(() => medianRun([])).toThrow()
  })
})
