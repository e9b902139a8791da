/**
 * The public Python SDK's example scripts about predictions and power plants
 * (shared/clients/plantpredict-python-sdk/example_usage), run against the app listening on 127.0.0.1
 * with only the credentials, the URLs and the ids substituted, then what each did read back.
 *
 * The library the scripts name by id, made here in the suite's company: a weather file near the
 * Grand Canyon site of create_project_and_prediction_from_scratch.py (GET /ASHRAE answers from the
 * weather files near a site, and change_weather_file.py looks for a Meteonorm one within 5 miles),
 * modules with length and width (the SDK's plant helpers divide by them) and a 720 kW inverter whose
 * voltage window takes the script's strings of 10 modules (a run checks it; the SDK's run() polls
 * forever when POST …/Run is refused).
 *
 * The scripts that run a prediction (create_project_and_prediction_from_scratch.py,
 * download_nodal_data.py) need the suite's `prediction.run` workers (sdkHarness.ts); what their calls
 * returned is printed by an epilogue the test appends after the unchanged script.
 */
import { beforeAll, expect, it } from 'vitest';
import { call } from '../harness.ts';
import { cecInverter, cecModule } from '../predictionFactory.ts';
import { sdkCamel, sdkWeatherDetails } from '../weatherDetailsHelpers.ts';
import { describeSdk } from './sdkHarness.ts';
import { literal } from './scriptText.ts';

type Json = Record<string, unknown>;

/** The create-from-scratch project's site. */
const GRAND_CANYON = { latitude: 36.099, longitude: -112.112 };

/**
 * The CEC inverter standing in for the scripts' inverter 619 (setpoint 720 kW): SMA's 720 kVA central
 * inverter, MPP window from 515 V. The CEC list gives only the MPPT range (its Vdcmax is the top of
 * it, 820 V); SMA's datasheet gives the 1000 V maximum input voltage that string sizing uses.
 */
const INVERTER = {
  name: 'SMA America: SC720CP-US (with ABB EcoDry Ultra transformer)',
  maxAbsoluteVoltage: 1000,
};
/**
 * CEC modules, with their datasheet dimensions [mm] (length × width). MODULE stands in for the
 * scripts' module 298: ten First Solar Series 4 modules in series fit the inverter's window at the
 * site's design temperatures (9 to 10).
 */
const MODULE = { name: 'First Solar, Inc. FS-4117-3', length: 1200, width: 600 };
const OTHER_MODULE = { name: 'First Solar, Inc. FS-6440', length: 2009, width: 1232 };

/** A script that runs a prediction gets this long (a run takes a few seconds; the test 60 s). */
const RUN_SCRIPT_TIMEOUT_MS = 45_000;

/** The scripts' placeholder ids ("CHANGE TO YOUR PROJECT ID" …). */
const projectIdLine = (id: number) => literal('project_id = 13161', `project_id = ${id}`);
const predictionIdLine = (id: number) => literal('prediction_id = 147813', `prediction_id = ${id}`);

interface Library {
  moduleId: number;
  otherModuleId: number;
  inverterId: number;
  /** Meteonorm, 2005, about 2 miles from the site. */
  meteonormId: number;
  /** Another provider, 2006, about 3 miles from the site. */
  otherWeatherId: number;
}

describeSdk('SDK example scripts: predictions and power plants', (sdk) => {
  let lib: Library;

  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<Json> => {
    const { app, user } = sdk();
    const res = await call(app, { method, url: `/api${url}`, token: user.token, payload: payload as Json });
    if (res.statusCode !== 200) throw new Error(`${method} /api${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Json;
  };

  /** The SDK's example year, moved to `year`, as a weather of the caller's company. */
  async function weather(name: string, year: number, site: Json): Promise<number> {
    const weatherDetails = sdkWeatherDetails().map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          sdkCamel(k),
          k === 'timestamp' ? String(v).replace(/^2005/, String(year)) : v,
        ]),
      ),
    );
    const body = { name, elevation: 2070, timeZone: -7, timeInterval: 60, weatherDetails, ...site };
    return (await api('POST', '/Weather', body)).id as number;
  }

  async function module(spec: typeof MODULE): Promise<number> {
    const { length, width } = spec;
    return (await api('POST', '/Module', { ...cecModule(spec.name), name: spec.name, length, width }))
      .id as number;
  }

  beforeAll(async () => {
    const [moduleId, otherModuleId, inverter, meteonormId] = await Promise.all([
      module(MODULE),
      module(OTHER_MODULE),
      api('POST', '/Inverter', { ...cecInverter(INVERTER.name), ...INVERTER }),
      weather('Grand Canyon Meteonorm', 2005, { latitude: 36.12, longitude: -112.1, dataProvider: 4 }),
    ]);
    // Created after the Meteonorm file: a different provider and year.
    const otherWeatherId = await weather('Grand Canyon other', 2006, {
      latitude: 36.07,
      longitude: -112.14,
      dataProvider: 13,
    });
    lib = { moduleId, otherModuleId, inverterId: inverter.id as number, meteonormId, otherWeatherId };
  }, 120_000);

  /**
   * A project at the site with a prediction on the other weather and a one-block fixed-tilt plant
   * that can run (10 modules in series, DC/AC 1.2 at 720 kW).
   */
  async function existingPrediction(): Promise<{ projectId: number; predictionId: number }> {
    const project = await api('POST', '/Project', {
      name: 'SDK examples',
      ...GRAND_CANYON,
      elevation: 2070,
      standardOffsetFromUTC: -7,
    });
    const projectId = project.id as number;
    const w = await api('GET', `/Weather/${lib.otherWeatherId}`);
    const prediction = await api('POST', `/Project/${projectId}/Prediction`, {
      name: 'Existing',
      weatherId: lib.otherWeatherId,
      start: w.startDate,
      end: w.endDate,
      transpositionModel: 1,
      soilingModel: 2,
      spectralShiftModel: 0,
    });
    const predictionId = prediction.id as number;
    await api('POST', `/Project/${projectId}/Prediction/${predictionId}/PowerPlant`, {
      blocks: [
        {
          name: 1,
          repeater: 1,
          arrays: [
            {
              name: 1,
              repeater: 1,
              transformerEnabled: false,
              inverters: [
                {
                  name: 'A',
                  repeater: 1,
                  inverterId: lib.inverterId,
                  setpointkW: 720,
                  dcFields: [
                    {
                      name: 1,
                      repeater: 1,
                      moduleId: lib.moduleId,
                      trackingType: 0,
                      moduleTilt: 25,
                      modulesHigh: 2,
                      modulesWiredInSeries: 10,
                      numberOfSeriesStringsWiredInParallel: 734,
                      groundCoverageRatio: 0.4,
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    return { projectId, predictionId };
  }

  const predictionUrl = (projectId: number, id: number, tail = '') =>
    `/Project/${projectId}/Prediction/${id}${tail}`;

  /** The JSON object the epilogue printed last. */
  const lastJson = (stdout: string): Json => JSON.parse(stdout.trim().split('\n').at(-1)!) as Json;

  it('create_project_and_prediction_from_scratch.py: project, prediction, status, a two-block plant, and run() to the results', async () => {
    const { stdout } = await sdk().runExample(
      'create_project_and_prediction_from_scratch.py',
      [
        literal('prediction.weather_id = 13628', `prediction.weather_id = ${lib.meteonormId}`),
        literal('inverter_id=619', `inverter_id=${lib.inverterId}`),
        literal('module_id=298', `module_id=${lib.moduleId}`),
      ],
      {
        // The script ends with prediction.run(), which returns once processingStatus is 3; then what
        // the SDK's result calls return.
        epilogue: `
import json
summary = prediction.get_results_summary()
negated = prediction.get_results_summary(negate_losses=True)
details = prediction.get_results_details()
print(json.dumps({
    "project_id": project.id,
    "prediction_id": prediction.id,
    "processing_status": prediction.processing_status,
    "years": len(summary["years"]),
    "total_energy": summary["years"][0]["total_energy"],
    "soiling_loss": summary["years"][0]["soiling_loss"],
    "negated_soiling_loss": negated["years"][0]["soiling_loss"],
    "hourly_rows": len(details["hourly_details"]),
    "monthly_rows": len(details["monthly_details"]),
}))`,
        timeoutMs: RUN_SCRIPT_TIMEOUT_MS,
      },
    );
    const got = lastJson(stdout);
    const [projectId, predictionId] = [got.project_id as number, got.prediction_id as number];
    // run() came back with the prediction done, and the SDK's result calls read the run.
    const summary = await api('GET', predictionUrl(projectId, predictionId, '/ResultSummary'));
    const year1 = (summary.years as Json[])[0]!;
    expect(got).toMatchObject({
      processing_status: 3,
      years: 1,
      total_energy: year1.totalEnergy,
      soiling_loss: year1.soilingLoss,
      negated_soiling_loss: -(year1.soilingLoss as number),
      hourly_rows: 8760,
      monthly_rows: 12,
    });
    expect(year1.totalEnergy).toBeGreaterThan(0);
    // Two blocks of 720 kW at the Grand Canyon: a specific yield of a sunny site (kWh/kWp).
    expect((year1.totalEnergy as number) / ((summary.dcSize as number) * 1000)).toBeGreaterThan(1200);
    expect(year1.soilingLoss).toBeGreaterThan(0);
    const project = await api('GET', `/Project/${projectId}`);
    expect(project).toMatchObject({ name: 'Grand Canyon Power Plant', ...GRAND_CANYON, elevation: 2070 });
    const weather = await api('GET', `/Weather/${lib.meteonormId}`);
    const prediction = await api('GET', predictionUrl(projectId, predictionId));
    expect(prediction).toMatchObject({
      name: 'Grand Canyon - Contracted',
      weatherId: lib.meteonormId,
      start: weather.startDate,
      end: weather.endDate,
      // change_status(DRAFT_SHARED)
      status: 2,
      // The script's model choices (SDK enumerations).
      diffuseDirectDecompModel: 3, // NONE
      transpositionModel: 1, // PEREZ
      modTempModel: 0, // HEAT_BALANCE
      incAngleModel: 5, // TABULAR_IAM
      spectralShiftModel: 2, // TWO_PARAM_PWAT_AND_AM
      airMassModel: 0, // BIRD_HULSTROM
      directBeamShadingModel: 0, // LINEAR
      diffuseShadingModel: 1, // SCHAAR_PANCHULA
      soilingModel: 0, // CONSTANT_MONTHLY
      degradationModel: 3, // LINEAR_DC
      linearDegradationRate: 0.5,
      firstYearDegradation: false,
      diffuseDirectDecompModelExecuted: true,
      useMeteoDni: false,
      useMeteoPOAI: false,
      // Prediction.create() sends its own year_repeater (1), not the one the script set (3).
      yearRepeater: 1,
      // create()'s defaults, and the design temperatures of the ASHRAE answer near the site.
      errorSpaVar: 2,
      errorModelAcc: 2.9,
      errorIntAnnVar: 3,
      errorSensAcc: 5,
      errorMonAcc: 2,
      ashraeStation: 'Derived from weather: Grand Canyon Meteonorm',
    });
    const ashrae = await api(
      'GET',
      `/ASHRAE?latitude=${GRAND_CANYON.latitude}&longitude=${GRAND_CANYON.longitude}`,
    );
    expect(prediction).toMatchObject({
      cool996: ashrae.cool996,
      max50Year: ashrae.max50Year,
      min50Year: ashrae.min50Year,
    });
    const factors = prediction.monthlyFactors as Json[];
    expect(factors.map((f) => [f.month, f.albedo, f.soilingLoss])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, 0.2, 2]),
    );

    // Two blocks, as the SDK's builder helpers computed them (powerplant.py).
    const plant = await api('GET', predictionUrl(projectId, predictionId, '/PowerPlant'));
    const blocks = plant.blocks as Json[];
    expect(blocks.map((b) => b.name)).toEqual([1, 2]);
    const node = (b: number) => {
      const array = (blocks[b]!.arrays as Json[])[0]!;
      const inverter = (array.inverters as Json[])[0]!;
      return { array, inverter, field: (inverter.dcFields as Json[])[0]! };
    };
    const kVA = (
      (await api(
        'GET',
        `/Inverter/${lib.inverterId}/kVa?elevation=2070&temperature=${ashrae.cool996}&useCoolingTemp=true`,
      )) as Json
    ).kVA as number;
    const fixed = node(0);
    expect(fixed.array).toMatchObject({ repeater: 3, transformerEnabled: false, dasLoad: 800 });
    expect(fixed.inverter).toMatchObject({
      repeater: 2,
      inverterId: lib.inverterId,
      setpointkW: 720,
      kVARating: kVA,
    });
    expect(fixed.inverter.powerFactor).toBeCloseTo(720 / kVA, 12);
    expect(plant.powerFactor).toBeCloseTo(720 / kVA, 12);
    // Portrait (the module has no default orientation): collector bandwidth from the length.
    const cbw = 4 * (MODULE.length / 1000) + 3 * 0.02;
    const pmax = cecModule(MODULE.name).stcMaxPower as number;
    // 864 kW of modules in tables of 4 high × 10 wide, on 10 rows.
    const fixedTables = Math.ceil((1000 * 864) / pmax / 40 / 10);
    expect(fixed.field).toMatchObject({
      moduleId: lib.moduleId,
      trackingType: 0,
      moduleTilt: 30,
      modulesHigh: 4,
      modulesWide: 10,
      modulesWiredInSeries: 10,
      numberOfRows: 10,
      fieldDcPower: 1.2 * 720,
      moduleAzimuth: 180,
      tablesPerRow: fixedTables,
    });
    expect(fixed.field.collectorBandwidth).toBeCloseTo(cbw, 12);
    expect(fixed.field.postToPostSpacing).toBeCloseTo(cbw / 0.4, 12);
    expect(fixed.field.fieldLength).toBeCloseTo((cbw / 0.4) * 9 + cbw, 9);
    expect(fixed.field.fieldWidth).toBeCloseTo(10 * fixedTables * (MODULE.width / 1000 + 0.02) - 0.02, 9);
    expect(fixed.field.postHeight).toBeCloseTo((cbw * Math.sin(Math.PI / 6)) / 2 + 1, 12);
    expect(fixed.field.numberOfSeriesStringsWiredInParallel).toBeCloseTo((1000 * 864) / pmax / 10, 9);
    const tracker = node(1);
    expect(tracker.array.repeater).toBe(1);
    expect(tracker.inverter).toMatchObject({ repeater: 1, setpointkW: 720 });
    expect(tracker.field).toMatchObject({
      trackingType: 1,
      trackingBacktrackingType: 0, // TRUE_TRACKING
      minimumTrackingLimitAngleD: -60,
      maximumTrackingLimitAngleD: 60,
      modulesHigh: 1,
      collectorBandwidth: MODULE.length / 1000,
      postToPostSpacing: MODULE.length / 1000 / 0.2,
      tablesPerRow: Math.ceil((1000 * 792) / pmax / 10 / 10),
    });
    expect(tracker.field.fieldDcPower).toBeCloseTo(1.1 * 720, 9);
    expect(tracker.field.postHeight).toBeCloseTo(
      ((MODULE.length / 1000) * Math.sin(Math.PI / 3)) / 2 + 1,
      12,
    );
  });

  it('clone_prediction.py: the copy has the plant and Hay transposition; the original is unchanged', async () => {
    const { projectId, predictionId } = await existingPrediction();
    await sdk().runExample('clone_prediction.py', [projectIdLine(projectId), predictionIdLine(predictionId)]);
    const list = (
      await call(sdk().app, {
        method: 'GET',
        url: `/api/Project/${projectId}/Prediction`,
        token: sdk().user.token,
      })
    ).json() as Json[];
    const clone = list.find((p) => p.name === 'Cloned Prediction');
    expect(clone, JSON.stringify(list.map((p) => p.name))).toBeDefined();
    const cloneId = clone!.id as number;
    expect(cloneId).not.toBe(predictionId);
    const [original, copy] = await Promise.all([
      api('GET', predictionUrl(projectId, predictionId)),
      api('GET', predictionUrl(projectId, cloneId)),
    ]);
    // Everything else copied; Prediction.create() takes the design temperatures from GET /ASHRAE
    // (the original, made by the API here, has none).
    expect(changedKeys(original, copy)).toEqual([
      'ashraeStation',
      'cool996',
      'createdDate',
      'id',
      'lastModified',
      'max50Year',
      'min50Year',
      'name',
      'powerPlantId',
      'transpositionModel',
    ]);
    expect(original.transpositionModel).toBe(1);
    expect(copy.transpositionModel).toBe(0); // HAY
    const [plant, copiedPlant] = await Promise.all([
      api('GET', predictionUrl(projectId, predictionId, '/PowerPlant')),
      api('GET', predictionUrl(projectId, cloneId, '/PowerPlant')),
    ]);
    expect(withoutIds(copiedPlant)).toEqual(withoutIds(plant));
  });

  it('download_nodal_data.py: runs with export options, then the nodal data of array 1, DC field 1 and the system', async () => {
    const { projectId, predictionId } = await existingPrediction();
    const { stdout } = await sdk().runExample(
      'download_nodal_data.py',
      [projectIdLine(projectId), predictionIdLine(predictionId)],
      {
        epilogue: `
import json
def shape(data):
    rows = [v for v in data.values() if isinstance(v, list)]
    return {"keys": sorted(k for k, v in data.items() if not isinstance(v, list)),
            "rows": len(rows[0]) if rows else None,
            "columns": sorted(rows[0][0].keys()) if rows and rows[0] else []}
print(json.dumps({"processing_status": prediction.processing_status,
                  "array": shape(nodal_data_array),
                  "dc_field": shape(nodal_data_dc_field),
                  "system": shape(nodal_data_system)}))`,
        timeoutMs: RUN_SCRIPT_TIMEOUT_MS,
      },
    );
    type Shape = { keys: string[]; rows: number; columns: string[] };
    const got = lastJson(stdout) as {
      processing_status: number;
      array: Shape;
      dc_field: Shape;
      system: Shape;
    };
    expect(got.processing_status).toBe(3);
    // A year of hours at each level; the SDK turned the names to snake_case.
    for (const level of ['array', 'dc_field', 'system'] as const) expect(got[level].rows, level).toBe(8760);
    expect(got.array.keys).toEqual(['array_number', 'block_number', 'prediction_name', 'project_name']);
    expect(got.dc_field.keys).toEqual(
      expect.arrayContaining(['block_number', 'array_number', 'inverter_name', 'prediction_name']),
    );
    expect(got.system.columns).toEqual(expect.arrayContaining(['timestamp', 'system_power_output']));
    // The script's export options were those of the run: arrays and DC fields of block 1, not the
    // block nor its inverters.
    const nodal = async (query: string) =>
      call(sdk().app, {
        method: 'GET',
        url: `/api${predictionUrl(projectId, predictionId, `/NodalJson?${query}`)}`,
        token: sdk().user.token,
      });
    expect((await nodal('blockNumber=1')).statusCode).toBe(404);
    expect((await nodal('blockNumber=1&arrayNumber=1&inverterName=A')).statusCode).toBe(404);
    const system = (await nodal('nodalParameters=SystemPowerOutput')).json() as Json;
    const power = (system.SystemData as Json[]).map((r) => r.SystemPowerOutput as number);
    expect(power).toHaveLength(8760);
    expect(Math.max(...power)).toBeGreaterThan(0);
  });

  it("change_weather_file.py: the project's nearest Meteonorm file, with its dates", async () => {
    const { projectId, predictionId } = await existingPrediction();
    const before = await api('GET', predictionUrl(projectId, predictionId));
    await sdk().runExample('change_weather_file.py', [
      projectIdLine(projectId),
      predictionIdLine(predictionId),
    ]);
    const [prediction, weather] = await Promise.all([
      api('GET', predictionUrl(projectId, predictionId)),
      api('GET', `/Weather/${lib.meteonormId}`),
    ]);
    expect(prediction).toMatchObject({
      weatherId: lib.meteonormId,
      start: weather.startDate,
      end: weather.endDate,
    });
    expect(String(prediction.start)).toMatch(/^2005-01-01/);
    expect(changedKeys(before, prediction)).toEqual(['end', 'lastModified', 'start', 'weatherId']);
  });

  it('model_system_transformers_and_trasmission_lines.py: availability, LGIA, a transformer and a line', async () => {
    const { projectId, predictionId } = await existingPrediction();
    // A series the SDK sends back as [] (it empties lists of numbers): kept.
    await api('PUT', predictionUrl(projectId, predictionId, '/PowerPlant'), {
      lgiaLimitTimeSeriesDetails: [0.7, 0.6],
    });
    const before = await api('GET', predictionUrl(projectId, predictionId, '/PowerPlant'));
    await sdk().runExample('model_system_transformers_and_trasmission_lines.py', [
      projectIdLine(projectId),
      predictionIdLine(predictionId),
    ]);
    const plant = await api('GET', predictionUrl(projectId, predictionId, '/PowerPlant'));
    expect(plant).toMatchObject({
      availabilityLoss: 1.7,
      lgiaLimitation: 0.8,
      lgiaLimitTimeSeriesDetails: [0.7, 0.6],
    });
    expect(plant.transformers).toEqual([
      expect.objectContaining({
        rating: 0.6,
        highSideVoltage: 600,
        noLoadLoss: 1.1,
        fullLoadLoss: 1.7,
        ordinal: 1,
      }),
    ]);
    expect(plant.transmissionLines).toEqual([
      expect.objectContaining({ length: 3, resistance: 0.1, numberOfConductorsPerPhase: 1, ordinal: 2 }),
    ]);
    // The blocks went back as they were read.
    expect(withoutIds(plant.blocks)).toEqual(withoutIds(before.blocks));
  });

  it('setting_monthly_factors_on_prediction.py: albedo, soiling and spectral shift by month, and the models', async () => {
    const { projectId, predictionId } = await existingPrediction();
    const before = await api('GET', predictionUrl(projectId, predictionId));
    await sdk().runExample('setting_monthly_factors_on_prediction.py', [
      projectIdLine(projectId),
      predictionIdLine(predictionId),
    ]);
    const prediction = await api('GET', predictionUrl(projectId, predictionId));
    expect(changedKeys(before, prediction)).toEqual([
      'lastModified',
      'monthlyFactors',
      'soilingModel',
      'spectralShiftModel',
    ]);
    expect(prediction).toMatchObject({
      soilingModel: 0, // CONSTANT_MONTHLY
      spectralShiftModel: 3, // MONTHLY_OVERRIDE
      name: 'Existing',
      weatherId: lib.otherWeatherId,
      // Sent back as [] (the SDK empties lists of numbers): kept.
      pValues: [50, 75, 90, 95, 99],
    });
    const factors = (prediction.monthlyFactors as Json[]).map((f) => [
      f.month,
      f.monthName,
      f.albedo,
      f.soilingLoss,
      f.spectralShift,
    ]);
    expect(factors).toEqual([
      [1, 'Jan', 0.4, 0.4, 0.958],
      [2, 'Feb', 0.3, 0.24, 2.48],
      [3, 'Mar', 0.2, 0.76, 3.58],
      [4, 'Apr', 0.2, 0.88, 3.48],
      [5, 'May', 0.2, 0.81, 2.58],
      [6, 'Jun', 0.2, 1.01, 1.94],
      [7, 'Jul', 0.2, 1.21, 3.7],
      [8, 'Aug', 0.2, 0.99, 4.57],
      [9, 'Sep', 0.2, 1.34, 6.39],
      [10, 'Oct', 0.2, 0.54, 4.16],
      [11, 'Nov', 0.3, 0.52, 0.758],
      [12, 'Dec', 0.4, 0.33, 0.886],
    ]);
  });

  it('Change Module In Power Plant.ipynb: DC field 1 of block 1 gets the new module', async () => {
    const { projectId, predictionId } = await existingPrediction();
    const before = await api('GET', predictionUrl(projectId, predictionId, '/PowerPlant'));
    await sdk().runExample('Change Module In Power Plant.ipynb', [
      projectIdLine(projectId),
      predictionIdLine(predictionId),
      literal('new_module_id = 3047', `new_module_id = ${lib.otherModuleId}`),
    ]);
    const plant = await api('GET', predictionUrl(projectId, predictionId, '/PowerPlant'));
    const field = (
      (((plant.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!.dcFields as Json[]
    )[0]!;
    expect(field.moduleId).toBe(lib.otherModuleId);
    expect((field.module as Json).name).toBe(OTHER_MODULE.name);
    // Nothing else changed but what follows the module, its area and light-induced degradation (the
    // notebook keeps the old module's planned rating: the SDK's update_module() recalculates through
    // CalculatePowerPlantFields, the notebook does not call it).
    const old = (
      (((before.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!.dcFields as Json[]
    )[0]!;
    expect(changedKeys(old, field)).toEqual([
      'lightInducedDegradation',
      'module',
      'moduleId',
      'totalModuleArea',
    ]);
    // The old module (CEC "Thin Film") has no LID, the new one (CdTe) has its technology's.
    expect(old.lightInducedDegradation).toBeNull();
    expect(field.lightInducedDegradation).toBe((field.module as Json).lightInducedDegradation);
    expect(changedKeys({ ...before, blocks: [] }, { ...plant, blocks: [] })).toEqual(['totalModuleArea']);
    expect(field.totalModuleArea).toBeCloseTo(
      (old.totalModuleArea as number) *
        ((OTHER_MODULE.length * OTHER_MODULE.width) / (MODULE.length * MODULE.width)),
      6,
    );
  });
});

/** The keys whose values differ between two records, sorted. */
function changedKeys(before: Json, after: Json): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();
}

/** A plant (or part of one) without the ids of its nodes, which a copy or a save may renumber. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Json)
        .filter(([key]) => key !== 'id')
        .map(([key, v]) => [key, withoutIds(v)]),
    );
  }
  return value;
}
