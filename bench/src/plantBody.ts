/**
 * The power-plant body of the API benchmarks (plantApi.ts, apiLoad.ts): blocks of one array of four
 * inverters with one DC field each, every field with the inputs a tracker field carries in practice.
 */
/** One DC field with the inputs a tracker field carries in practice. */
export function dcField(moduleId: number, name: number): Record<string, unknown> {
  return {
    name,
    repeater: 1,
    moduleId,
    trackingType: 1,
    trackingBacktrackingType: 1,
    moduleOrientation: 1,
    modulesHigh: 1,
    modulesWide: 84,
    modulesWiredInSeries: 28,
    numberOfSeriesStringsWiredInParallel: 240,
    fieldDcPower: 3360,
    plannedModuleRating: 500,
    lateralIntermoduleGap: 0.02,
    verticalIntermoduleGap: 0.02,
    collectorBandwidth: 2.278,
    tableLength: 96.5,
    postToPostSpacing: 5.695,
    groundCoverageRatio: 0.4,
    numberOfRows: 80,
    tablesPerRow: 1,
    moduleAzimuth: 180,
    minimumTrackingLimitAngleD: -60,
    maximumTrackingLimitAngleD: 60,
    nightTimeStowAngleD: 0,
    trackerPitchAngleD: 0,
    postHeight: 1.5,
    structureShading: 0,
    backSideMismatch: 0,
    heatBalanceConductiveCoef: 29,
    heatBalanceConvectiveCoef: 0,
    moduleMismatchCoefficient: 1,
    moduleQuality: -0.5,
    lightInducedDegradation: 1.5,
    dcWiringLossAtSTC: 1.5,
    dcHealth: 1,
    trackerLoadLoss: 0,
    ground: { edgeOffset: 50, calculate: true, color: '#afaea4', slope: 0, slopeAzimuth: 180 },
    lockModulesHigh: true,
    lockPostHeight: false,
  };
}

export function plant(blocks: number, moduleId: number, inverterId: number): Record<string, unknown> {
  return {
    blocks: Array.from({ length: blocks }, (_, b) => ({
      name: b + 1,
      repeater: 1,
      arrays: [
        {
          name: 1,
          repeater: 1,
          transformerEnabled: true,
          transformerkVARating: 13_000,
          inverters: ['A', 'B', 'C', 'D'].map((name) => ({
            name,
            repeater: 1,
            inverterId,
            setpointkW: 2800,
            kVARating: 3000,
            powerFactor: 1,
            dcFields: [dcField(moduleId, 1)],
          })),
        },
      ],
    })),
    transformers: [{ rating: 1200, highSideVoltage: 230, noLoadLoss: 0.1, fullLoadLoss: 0.4, ordinal: 1 }],
    transmissionLines: [{ length: 10, resistance: 0.05, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    lgiaLimitation: 1000,
    availabilityLoss: 0.5,
  };
}
