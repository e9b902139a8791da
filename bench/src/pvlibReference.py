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

    python3 bench/src/pvlibReference.py --shared ../shared --repeat 20 greensboro_fixed_cec ...
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
    data = data.copy()
    data.index = data.index - pd.Timedelta(minutes=30)  # sun at mid-hour
    data["pressure"] = data["pressure"] * 100.0  # mbar -> Pa
    return data, meta


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
    parser.add_argument("systems", nargs="+")
    args = parser.parse_args()
    shared = Path(args.shared)
    modules = retrieve_sam(path=str(shared / "data" / MODULE_LIST))
    inverters = retrieve_sam(path=str(shared / "data" / INVERTER_LIST))
    for name in args.systems:
        folder = shared / "reference" / "systems"
        system = json.loads((folder / f"{name}.system.json").read_text())
        summary = json.loads((folder / f"{name}.summary.json").read_text())
        weather, meta = weather_year(
            shared / "data" / Path(summary["weather_file"]).name, system["weather"]["coerce_year"]
        )
        times = []
        mc = None
        for _ in range(max(1, args.repeat)):
            mc = model_chain(system, meta, modules, inverters)
            t0 = time.perf_counter()
            mc.run_model(weather)
            times.append((time.perf_counter() - t0) * 1000)
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


if __name__ == "__main__":
    sys.exit(main())
