#!/usr/bin/env python3
"""Sunfield API workflow: project -> prediction -> two-block power plant -> run -> results, with `requests`.

A starting point to adapt: it signs in with API client credentials, creates a project, picks a
weather file near it and a module and an inverter from the library, creates a prediction, sends a
power plant with one fixed-tilt block and one tracker block, reads both back and checks that what
it sent came back, changes one model choice, then runs the prediction (keeping the nodal series of
block 1), waits for it and reads the results: the summary, the hourly and monthly details, and the
nodal data of block 1 and of the system.

    export SUNFIELD_URL=http://localhost:3000          # where Sunfield runs (this is the default)
    export SUNFIELD_CLIENT_ID=sf_...                   # Profile -> Generate API Credentials,
    export SUNFIELD_CLIENT_SECRET=...                  # or POST /api/User/{id}/Secret
    python3 examples/api-workflow.py

Optional: SUNFIELD_WEATHER_ID, SUNFIELD_MODULE_ID and SUNFIELD_INVERTER_ID pick those library
entries instead of searching. The script exits with status 1 and the server's message on any error,
a run that ends in error or is cancelled included. Needs Python 3 and `requests` (Debian: apt-get
install python3-requests). The server must run prediction workers: `sunfield serve` does in embedded
mode; with PostgreSQL, start `sunfield worker` too.
"""

import math
import os
import re
import sys
import time

import requests

BASE_URL = os.environ.get("SUNFIELD_URL", "http://localhost:3000").rstrip("/")
API = BASE_URL + "/api"

# The site. Change these to your own.
PROJECT = {
    "name": "API workflow example",
    "latitude": 36.08,
    "longitude": -79.94,
    "elevation": 270,
    "description": "Created by examples/api-workflow.py",
}
WEATHER_SEARCH_RADIUS_MILES = 50

# Design choices (units of the API: kW, kVA, MVA, kV, %, m, degrees with azimuth N = 0, S = 180).
DC_AC_RATIO = 1.3
FIXED_TILT = {"tilt": 25.0, "gcr": 0.40, "modules_high": 2}
TRACKER = {"limit": 60.0, "gcr": 0.35, "modules_high": 1}
VERTICAL_GAP = 0.02  # between module rows of a table [m]
LATERAL_GAP = 0.02  # between modules side by side [m]

ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}")

# Running: the nodal series to keep (here every level of block 1, and the system), how often to look
# at the run and for how long.
EXPORT_OPTIONS = {
    "exportSystem": True,
    "blockExportOptions": [
        {
            "name": 1,
            "exportBlock": True,
            "exportArrays": True,
            "exportInverters": True,
            "exportDCFields": True,
        }
    ],
}
POLL_SECONDS = 0.5
RUN_TIMEOUT_SECONDS = 30 * 60
# ProcessingStatusEnum
QUEUED, RUNNING, SUCCESS, ERROR, CANCELLED = 1, 2, 3, 4, 5


class ApiError(Exception):
    """A refused request, with what the server said."""


def fail(message):
    print("error: " + message, file=sys.stderr)
    sys.exit(1)


def server_message(response):
    """The server's explanation: `message` and each field's messages, or the text it sent."""
    try:
        body = response.json()
    except ValueError:
        return response.text.strip() or response.reason
    if isinstance(body, dict):
        parts = [str(body.get("message") or body.get("error_description") or body.get("error") or "")]
        for field, messages in (body.get("modelState") or {}).items():
            parts.append("{}: {}".format(field, "; ".join(str(m) for m in messages)))
        return " | ".join(p for p in parts if p) or response.text
    return response.text


class Sunfield:
    """A signed-in session: every call sends the bearer token and raises ApiError unless 2xx."""

    def __init__(self, client_id, client_secret):
        # OAuth 2.0 client credentials grant (RFC 6749 §4.4): form fields in, access_token out.
        response = requests.post(
            API + "/oauth2/token",
            data={"grant_type": "client_credentials", "client_id": client_id, "client_secret": client_secret},
            timeout=30,
        )
        if response.status_code != 200:
            raise ApiError("token: HTTP {}: {}".format(response.status_code, server_message(response)))
        self.session = requests.Session()
        self.session.headers["Authorization"] = "Bearer " + response.json()["access_token"]

    def call(self, method, path, **kwargs):
        response = self.session.request(method, API + path, timeout=120, **kwargs)
        if not 200 <= response.status_code < 300:
            raise ApiError(
                "{} {}: HTTP {}: {}".format(method, path, response.status_code, server_message(response))
            )
        return response.json() if response.content else None

    def get(self, path, **params):
        return self.call("GET", path, params=params or None)

    def post(self, path, body=None):
        return self.call("POST", path, json=body)

    def put(self, path, body):
        return self.call("PUT", path, json=body)


def nearest_weather(api, latitude, longitude):
    """The weather file nearest the site (GET /Weather/Search answers a list, nearest first)."""
    if os.environ.get("SUNFIELD_WEATHER_ID"):
        return api.get("/Weather/{}".format(int(os.environ["SUNFIELD_WEATHER_ID"])))
    found = api.get(
        "/Weather/Search", latitude=latitude, longitude=longitude, searchRadius=WEATHER_SEARCH_RADIUS_MILES
    )
    if isinstance(found, dict):  # a paged answer {items: [...]}
        found = found.get("items", [])
    if not found:
        raise ApiError(
            "no weather file within {} miles of {}, {}: import one, or set SUNFIELD_WEATHER_ID".format(
                WEATHER_SEARCH_RADIUS_MILES, latitude, longitude
            )
        )
    nearest = min(found, key=lambda w: w.get("distance") or 0)
    return api.get("/Weather/{}".format(nearest["id"]))


def library_entry(api, kind, variable, rating_field, min_power, fits=None, **filters):
    """A module or inverter: the id in `variable`, else the first of the library rated at least
    `min_power` (W for modules, kW for inverters: a utility-scale pick) that passes the overview's
    `filters` and `fits(record)`, else the first with a rating."""
    if os.environ.get(variable):
        return api.get("/{}/{}".format(kind, int(os.environ[variable])))
    overview = api.get("/{}/{}Overview".format(kind, kind), pageSize=50, minPower=min_power, **filters)
    for item in overview["items"]:
        if item.get(rating_field):
            record = api.get("/{}/{}".format(kind, item["id"]))
            if fits is None or fits(record):
                return record
    overview = api.get("/{}/{}Overview".format(kind, kind), pageSize=50)
    for item in overview["items"]:
        if item.get(rating_field):
            return api.get("/{}/{}".format(kind, item["id"]))
    raise ApiError("no {} with a rating in the library: set {}".format(kind.lower(), variable))


def series_window(module, inverter):
    """Modules in series the inverter takes: at most 90 % of its maximum voltage over Voc (cold
    mornings), at least its minimum MPP voltage over 85 % of Vmp (hot cells lose ~15 % of Vmp)."""
    voc = float(module.get("stcOpenCircuitVoltage") or 50.0)
    vmp = float(module.get("stcmppVoltage") or 0.8 * voc)
    most = int(0.9 * float(inverter.get("maxAbsoluteVoltage") or 1000.0) // voc)
    least = math.ceil(float(inverter.get("minVoltage") or 0.0) / (0.85 * vmp))
    return max(1, least), most


def dc_field(name, module, inverter, tracker):
    """One DC field sized for the inverter: strings as long as its voltage allows, DC/AC 1.3."""
    module_w = float(module["stcMaxPower"])
    voc = float(module.get("stcOpenCircuitVoltage") or 50.0)
    least, most = series_window(module, inverter)
    in_series = max(1, most)  # the longest string that fits: fewest strings for the power
    if least > most:
        print("warning: no string of this module fits the inverter's window ({} to {} in series)".format(least, most))
    strings = max(1, round(DC_AC_RATIO * float(inverter["powerRated"]) * 1000.0 / (module_w * in_series)))
    design = TRACKER if tracker else FIXED_TILT
    length_m = float(module.get("length") or 2000.0) / 1000.0  # portrait: the long side is up the table
    width_m = float(module.get("width") or 1000.0) / 1000.0
    high = design["modules_high"]
    bandwidth = high * length_m + (high - 1) * VERTICAL_GAP  # collector bandwidth [m]
    field = {
        "name": name,
        "repeater": 1,
        "moduleId": module["id"],
        "trackingType": 1 if tracker else 0,  # DCFieldTrackingTypeEnum: 0 fixed tilt, 1 tracker
        "moduleOrientation": 1,  # portrait
        "modulesHigh": high,
        "modulesWide": in_series,
        "modulesWiredInSeries": in_series,
        "numberOfSeriesStringsWiredInParallel": strings,
        "fieldDcPower": strings * in_series * module_w / 1000.0,  # [kW]
        "plannedModuleRating": module_w,  # [W]
        "moduleTilt": 0.0 if tracker else design["tilt"],
        "moduleAzimuth": 180.0 if PROJECT["latitude"] >= 0 else 0.0,  # equator-facing
        "collectorBandwidth": round(bandwidth, 4),
        "tableLength": round(in_series * width_m + (in_series - 1) * LATERAL_GAP, 4),
        "postToPostSpacing": round(bandwidth / design["gcr"], 4),  # pitch = bandwidth / GCR [m]
        "lateralIntermoduleGap": LATERAL_GAP,
        "verticalIntermoduleGap": VERTICAL_GAP,
        "dcWiringLossAtSTC": 1.5,
        "dcHealth": 1.0,
    }
    if tracker:
        field.update(
            {
                "trackingBacktrackingType": 1,  # backtracking
                "minimumTrackingLimitAngleD": -design["limit"],
                "maximumTrackingLimitAngleD": design["limit"],
            }
        )
    return field


def block(name, module, inverter, tracker):
    """A block of one array with one inverter and one DC field."""
    kw = float(inverter["powerRated"])
    kva = float(inverter.get("apparentPower") or kw)
    return {
        "name": name,
        "repeater": 1,
        "arrays": [
            {
                "name": 1,
                "repeater": 1,
                "transformerEnabled": True,
                "matchTotalInverterkVA": True,
                "transformerkVARating": kva,
                "transformerHighSideVoltage": 34.5,  # [kV]
                "transformerNoLoadLoss": 0.2,  # [%]
                "transformerFullLoadLoss": 0.7,  # [%]
                "acCollectionLoss": 1.0,  # [%]
                "dasLoad": 800.0,  # [W]
                "coolingLoad": 0.0,
                "additionalLosses": 0.0,
                "inverters": [
                    {
                        "name": "A",
                        "repeater": 1,
                        "inverterId": inverter["id"],
                        "setpointkW": kw,
                        "powerFactor": 1.0,
                        "dcFields": [dc_field(1, module, inverter, tracker)],
                    }
                ],
            }
        ],
    }


def nodes(plant):
    """(block, array, inverter, DC field, multiplier) for every DC field of a plant."""
    for b in plant.get("blocks") or []:
        for a in b.get("arrays") or []:
            for i in a.get("inverters") or []:
                for f in i.get("dcFields") or []:
                    yield b, a, i, f, b["repeater"] * a["repeater"] * i["repeater"] * f["repeater"]


def sizes(plant):
    """DC size (sum of fieldDcPower) and AC size (sum of setpointkW), in MW."""
    dc = sum(float(f["fieldDcPower"]) * n for _, _, _, f, n in nodes(plant))
    ac = 0.0
    for b in plant.get("blocks") or []:
        for a in b.get("arrays") or []:
            for i in a.get("inverters") or []:
                ac += float(i["setpointkW"]) * b["repeater"] * a["repeater"] * i["repeater"]
    return dc / 1000.0, ac / 1000.0


def same(sent, got, where):
    """Checks that every value sent came back (numbers within 1e-6 relative), recursively."""
    if isinstance(sent, dict):
        if not isinstance(got, dict):
            raise ApiError("{}: sent an object, got back {!r}".format(where, got))
        for key, value in sent.items():
            same(value, got.get(key), "{}.{}".format(where, key))
    elif isinstance(sent, list):
        if not isinstance(got, list) or len(got) != len(sent):
            raise ApiError("{}: sent {} items, got back {!r}".format(where, len(sent), got))
        for k, (a, b) in enumerate(zip(sent, got)):
            same(a, b, "{}[{}]".format(where, k))
    elif isinstance(sent, (int, float)) and not isinstance(sent, bool) and isinstance(got, (int, float)):
        if not math.isclose(sent, got, rel_tol=1e-6, abs_tol=1e-9):
            raise ApiError("{}: sent {}, got back {}".format(where, sent, got))
    elif isinstance(sent, str) and isinstance(got, str) and ISO_DATE.match(sent) and ISO_DATE.match(got):
        if sent[:19].replace(" ", "T") != got[:19].replace(" ", "T"):  # same instant to the second
            raise ApiError("{}: sent {}, got back {}".format(where, sent, got))
    elif sent != got:
        raise ApiError("{}: sent {!r}, got back {!r}".format(where, sent, got))


def run_prediction(api, path):
    """POST Run, then polls the prediction until its run ends; returns it on success, else raises."""
    queued = api.post(path + "/Run", EXPORT_OPTIONS)
    print("Run {} queued".format(queued["id"]))
    started = time.monotonic()
    while True:
        prediction = api.get(path)
        status = prediction.get("processingStatus")
        if status == SUCCESS:
            print("Run done in {:.1f} s".format(time.monotonic() - started))
            return prediction
        if status in (ERROR, CANCELLED):
            what = "ended in error" if status == ERROR else "was cancelled"
            reason = prediction.get("processingMessage") or "no reason given"
            raise ApiError("the run {}: {}".format(what, reason))
        if time.monotonic() - started > RUN_TIMEOUT_SECONDS:
            raise ApiError(
                "the run is still {} after {} s (are the server's workers running?)".format(
                    "queued" if status == QUEUED else "running", RUN_TIMEOUT_SECONDS
                )
            )
        time.sleep(POLL_SECONDS)


def print_results(api, path):
    """Year 1's summary, the hourly and monthly details, and the nodal data of block 1 and of the system."""
    summary = api.get(path + "/ResultSummary")
    year = summary["years"][0]
    factors = year["summaryFactors"]
    p50 = next((f for f in factors if f.get("pValue") == 50), factors[0])
    print(
        "Year 1: {:.1f} MWh, specific yield {:.0f} kWh/kWp, PR {:.1f} % ({} MWdc, {} MWac)".format(
            year["totalEnergy"] / 1000.0,
            p50["specificYieldDC"],
            p50["performanceRatio"],
            summary["dcSize"],
            summary["acSize"],
        )
    )
    details = api.get(path + "/ResultDetails")
    hourly = details["HourlyDetails"]
    hourly_mwh = sum(r["EnergyGenerated"] for r in hourly) / 1000.0  # EnergyGenerated [kWh]
    print("Hourly details: {} rows, {:.1f} MWh".format(len(hourly), hourly_mwh))
    monthly = details["MonthlyDetails"]
    months = ", ".join("{} {:.1f}".format(r["TimeStamp"][:7], r["EnergyGenerated"] / 1000.0) for r in monthly)
    print("Monthly energy [MWh]: " + months)
    # Nodal data: PascalCase, one row per step with its TimeStamp; power in W.
    rows = api.get(path + "/NodalJson", blockNumber=1)["BlockData"]
    columns = ", ".join(k for k in rows[0] if k != "TimeStamp")
    print("Nodal data of block 1: {} rows of {}".format(len(rows), columns))
    system = api.get(path + "/NodalJson", nodalParameters="SystemPowerOutput")
    power = [r["SystemPowerOutput"] for r in system["SystemData"]]
    print("Nodal data of the system: {} rows, peak {:.3f} MW".format(len(power), max(power) / 1e6))


def main():
    client_id = os.environ.get("SUNFIELD_CLIENT_ID")
    client_secret = os.environ.get("SUNFIELD_CLIENT_SECRET")
    if not client_id or not client_secret:
        fail("set SUNFIELD_CLIENT_ID and SUNFIELD_CLIENT_SECRET (Profile -> Generate API Credentials)")
    api = Sunfield(client_id, client_secret)

    # 1. The project.
    project_id = api.post("/Project", PROJECT)["id"]
    where = "{}, {}".format(PROJECT["latitude"], PROJECT["longitude"])
    print("Project {} '{}' at {}".format(project_id, PROJECT["name"], where))

    # 2. Weather, module and inverter from the library.
    weather = nearest_weather(api, PROJECT["latitude"], PROJECT["longitude"])
    # mono c-Si (CellTechnologyTypeEnum 3: the CEC list's "Mono-c-Si"), the usual utility-scale module
    module = library_entry(
        api,
        "Module",
        "SUNFIELD_MODULE_ID",
        "stcMaxPower",
        400,
        # a bifacial module needs its bifaciality factor (the CEC list does not give one)
        fits=lambda record: record.get("faciality") != 1 or bool(record.get("bifacialityFactor")),
        cellTechnologyType=3,
    )
    inverter = library_entry(
        api,
        "Inverter",
        "SUNFIELD_INVERTER_ID",
        "powerRating",
        1000,
        fits=lambda record: series_window(module, record)[0] <= series_window(module, record)[1],
    )
    period = "{} to {}".format(weather["startDate"], weather["endDate"])
    print("Weather {} '{}' ({})".format(weather["id"], weather["name"], period))
    print("Module {} '{}' ({} W)".format(module["id"], module["name"], module["stcMaxPower"]))
    print("Inverter {} '{}' ({} kW)".format(inverter["id"], inverter["name"], inverter["powerRated"]))

    # 3. The prediction: the weather's period and the model choices (enumerations travel as numbers).
    prediction = {
        "name": "Two blocks: fixed tilt and tracker",
        "projectId": project_id,
        "weatherId": weather["id"],
        "start": weather["startDate"],
        "end": weather["endDate"],
        "yearRepeater": 1,
        "transpositionModel": 1,  # Perez
        "diffuseDirectDecompModel": 2,  # DIRINT
        "modTempModel": 0,  # heat balance
        "incAngleModel": 3,  # ASHRAE
        "spectralShiftModel": 0,  # none
        "soilingModel": 0,  # constant monthly: the soilingLoss of monthlyFactors
        "monthlyFactors": [{"month": m, "albedo": 0.2, "soilingLoss": 2.0} for m in range(1, 13)],
    }
    base = "/Project/{}/Prediction".format(project_id)
    prediction_id = api.post(base, prediction)["id"]
    path = "{}/{}".format(base, prediction_id)

    # 4. The power plant: block 1 fixed tilt, block 2 tracker.
    blocks = [block(1, module, inverter, tracker=False), block(2, module, inverter, tracker=True)]
    dc_mw, ac_mw = sizes({"blocks": blocks})
    plant = {
        "blocks": blocks,
        "transformers": [
            {
                "rating": round(ac_mw * 1.1, 3),  # [MVA]
                "highSideVoltage": 115.0,  # [kV]
                "noLoadLoss": 0.1,  # [%]
                "fullLoadLoss": 0.5,  # [%]
                "ordinal": 1,
            }
        ],
        "transmissionLines": [{"length": 1.0, "numberOfConductorsPerPhase": 1, "ordinal": 1}],
        "availabilityLoss": 0.5,  # [%]
        "lgiaLimitation": round(ac_mw, 3),  # [MWac]
    }
    api.post(path + "/PowerPlant", plant)

    # 5. Read both back and check that what was sent came back.
    got = api.get(path)
    same(prediction, got, "prediction")
    got_plant = api.get(path + "/PowerPlant")
    if not got_plant:
        raise ApiError("GET {}/PowerPlant: no power plant after POST".format(path))
    same(plant, got_plant, "powerPlant")
    print("Prediction {} '{}' on weather {}".format(prediction_id, got["name"], got["weatherId"]))
    for b in got_plant["blocks"]:
        block_dc, block_ac = sizes({"blocks": [b]})
        tracking = b["arrays"][0]["inverters"][0]["dcFields"][0]["trackingType"]
        kind = "tracker" if tracking == 1 else "fixed tilt"
        print("  block {} ({}): {:.3f} MWdc, {:.3f} MWac".format(b["name"], kind, block_dc, block_ac))
    dc_mw, ac_mw = sizes(got_plant)
    print("Plant: {:.3f} MWdc, {:.3f} MWac, DC/AC {:.2f}".format(dc_mw, ac_mw, dc_mw / ac_mw))

    # 6. Change one model choice: PUT the prediction as read, with its id in the body.
    got["diffuseDirectDecompModel"] = 0  # Erbs
    answer = api.put(base, got)
    if not (answer or {}).get("changesMade"):
        raise ApiError("PUT {}: expected changesMade true, got {!r}".format(base, answer))
    if api.get(path)["diffuseDirectDecompModel"] != 0:
        raise ApiError("PUT {}: the decomposition model did not change".format(base))
    print("Updated: diffuse/direct decomposition DIRINT -> Erbs")

    # 7. Run it, wait for the run, and read the results.
    run_prediction(api, path)
    print_results(api, path)
    print("Open it: {}/projects/{}/prediction/{}".format(BASE_URL, project_id, prediction_id))


if __name__ == "__main__":
    try:
        main()
    except ApiError as error:
        fail(str(error))
    except requests.RequestException as error:
        fail("cannot reach {}: {}".format(BASE_URL, error))
