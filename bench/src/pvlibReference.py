"""The reference's speed on the bench's systems (issue 17 Speed): pvlib's ModelChain on the reference
systems of ../shared/reference/systems (NAME.system.json: the Greensboro fixed and tracker systems that
examples/greensboro_*_cec.json state for `sunfield simulate`), an hourly year of the Greensboro TMY3.

Each system: the inputs are read once, then `ModelChain.run_model` runs `--repeat` times on the year;
one JSON line per system: {"name", "firstMs", "medianMs", "runs", "acKwh", "referenceAcKwh",
"pvlibVersion"}. acKwh (AC energy of the year, night tare included) against the reference run's own
figure (NAME.summary.json annual_ac_kwh) shows it ran the same system.

The chain as the reference summary states it: sun at mid-hour (TMY3 stamps end their hour), the
file's pressure, Perez 1990 with the Kasten-Young air mass, ASHRAE IAM (b from the system), SAPM cell
temperature, CEC single diode, Sandia inverter, soiling on the effective irradiance and DC wiring on
the power.

With `--minute FILE` (an NSRDB PSM3 CSV such as the bench's 1-minute year), each system is also run
on that file: sun at the stamp (the file's local standard time), its pressure (mbar -> Pa), the same
chain; one more JSON line per system with "weather": "minute" (firstMs, medianMs of
`--minute-repeat` runs, acKwh of the file's period, referenceAcKwh null).

    python3 bench/src/pvlibReference.py --shared ../shared --repeat 20 greensboro_fixed_cec ...
    python3 bench/src/pvlibReference.py --shared ../shared --repeat 20 --minute /tmp/1min.csv ...
"""
import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import pandas as pd
import pvlib
from pvlib.location import Location
from pvlib.modelchain import ModelChain
from pvlib.pvsystem import Array, FixedMount, PVSystem, SingleAxisTrackerMount, retrieve_sam
from pvlib.temperature import TEMPERATURE_MODEL_PARAMETERS

MODULE_LIST = "sam-library-cec-modules-2021-12-01.csv"
INVERTER_LIST = "sam-library-cec-inverters-2019-03-05.csv"


def sam_name(name):
    """A CEC name as retrieve_sam's columns spell it."""
    for ch in ' -.()[]:+/",':
        name = name.replace(ch, "_")
    return name


def weather_year(path, coerce_year):
    data, meta = pvlib.iotools.read_tmy3(str(path), coerce_year=coerce_year, map_variables=True)
    # the TMY3 albedo column (all 0 in 723170TYA.CSV) would override the system's albedo in
    # ModelChain versions that take albedo from the weather (0.10/0.11); the reference used the system's
    data = data.drop(columns=["albedo"], errors="ignore")
    data.index = data.index - pd.Timedelta(minutes=30)  # sun at mid-hour
    data["pressure"] = data["pressure"] * 100.0  # mbar -> Pa
    return data, meta


def minute_weather(path):
    """An NSRDB PSM3 CSV (e.g. the bench's 1-minute year): sun at the stamp, pressure mbar -> Pa."""
    head = pd.read_csv(path, nrows=1)
    meta = {
        "latitude": float(head["Latitude"][0]),
        "longitude": float(head["Longitude"][0]),
        "altitude": float(head["Elevation"][0]),
    }
    raw = pd.read_csv(path, skiprows=2)
    stamps = pd.to_datetime(raw[["Year", "Month", "Day", "Hour", "Minute"]].rename(columns=str.lower))
    tz = f"Etc/GMT{-int(head['Time Zone'][0]):+d}"  # the file's local standard time
    data = pd.DataFrame(
        {
            "ghi": raw["GHI"].values,
            "dni": raw["DNI"].values,
            "dhi": raw["DHI"].values,
            "temp_air": raw["Temperature"].values,
            "wind_speed": raw["Wind Speed"].values,
            "pressure": raw["Pressure"].values * 100.0,  # mbar -> Pa
        },
        index=pd.DatetimeIndex(stamps).tz_localize(tz),
    )
    step_hours = (data.index[1] - data.index[0]) / pd.Timedelta(hours=1)
    return data, meta, step_hours


def timed_runs(system, meta, modules, inverters, weather, repeat):
    """`repeat` runs of ModelChain.run_model on `weather`: the times [ms] and the last chain."""
    times = []
    mc = None
    for _ in range(max(1, repeat)):
        mc = model_chain(system, meta, modules, inverters)
        t0 = time.perf_counter()
        mc.run_model(weather)
        times.append((time.perf_counter() - t0) * 1000)
    return times, mc


def model_chain(system, meta, modules, inverters):
    mount_in = system["mount"]
    if mount_in["type"] == "fixed":
        mount = FixedMount(surface_tilt=mount_in["tilt"], surface_azimuth=mount_in["azimuth"])
    else:
        mount = SingleAxisTrackerMount(
            axis_tilt=mount_in["axis_tilt"],
            axis_azimuth=mount_in["axis_azimuth"],
            max_angle=mount_in["max_angle"],
            backtrack=mount_in["backtrack"],
            gcr=mount_in["gcr"],
        )
    module = modules[sam_name(system["module"]["name"])].to_dict()
    module["b"] = system["iam"]["b"]
    temperature = TEMPERATURE_MODEL_PARAMETERS["sapm"][system["temperature"]["parameters"]]
    array = Array(
        mount=mount,
        module_parameters=module,
        temperature_model_parameters=temperature,
        modules_per_string=system["modules_per_string"],
        strings=system["strings"],
        albedo=system["albedo"],
    )
    inverter = inverters[sam_name(system["inverter"]["name"])]
    location = Location(
        meta["latitude"], meta["longitude"], tz="UTC", altitude=meta["altitude"]
    )
    soiling = 1 - system["losses"]["soiling_pct"] / 100
    wiring = 1 - system["losses"]["dc_wiring_pct"] / 100

    def soiled(mc):  # soiling on the effective irradiance, as the reference applies it
        mc.results.spectral_modifier = soiling

    def wired(mc):  # DC wiring loss on the power only
        mc.results.dc["p_mp"] = mc.results.dc["p_mp"] * wiring

    return ModelChain(
        PVSystem(arrays=[array], inverter_parameters=inverter),
        location,
        transposition_model=system["transposition"],
        airmass_model="kastenyoung1989",
        aoi_model="ashrae",
        spectral_model=soiled,
        temperature_model="sapm",
        dc_model="cec",
        ac_model="sandia",
        losses_model=wired,
    )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", required=True, help="the shared folder (data/, reference/)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--minute", help="also run each system on this NSRDB PSM3 CSV (1-minute year)")
    parser.add_argument("--minute-repeat", type=int, default=1)
    parser.add_argument("systems", nargs="+")
    args = parser.parse_args()
    shared = Path(args.shared)
    modules = retrieve_sam(path=str(shared / "data" / MODULE_LIST))
    inverters = retrieve_sam(path=str(shared / "data" / INVERTER_LIST))
    minute = minute_weather(args.minute) if args.minute else None
    for name in args.systems:
        folder = shared / "reference" / "systems"
        system = json.loads((folder / f"{name}.system.json").read_text())
        summary = json.loads((folder / f"{name}.summary.json").read_text())
        weather, meta = weather_year(
            shared / "data" / Path(summary["weather_file"]).name, system["weather"]["coerce_year"]
        )
        times, mc = timed_runs(system, meta, modules, inverters, weather, args.repeat)
        ac = mc.results.ac
        print(
            json.dumps(
                {
                    "name": name,
                    "firstMs": times[0],
                    "medianMs": statistics.median(times),
                    "runs": len(times),
                    "acKwh": float(ac.sum()) / 1000,
                    "referenceAcKwh": summary.get("annual_ac_kwh"),
                    "pvlibVersion": pvlib.__version__,
                }
            ),
            flush=True,
        )
        if minute is not None:
            m_weather, m_meta, step_hours = minute
            times, mc = timed_runs(system, m_meta, modules, inverters, m_weather, args.minute_repeat)
            print(
                json.dumps(
                    {
                        "name": name,
                        "weather": "minute",
                        "rows": len(m_weather),
                        "firstMs": times[0],
                        "medianMs": statistics.median(times),
                        "runs": len(times),
                        "acKwh": float(mc.results.ac.sum()) * step_hours / 1000,
                        "referenceAcKwh": None,
                        "pvlibVersion": pvlib.__version__,
                    }
                ),
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
