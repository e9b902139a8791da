/**
 * A one-minute weather year (525,600 records, 10 series) as an NSRDB PSM v3 CSV, built in memory
 * for the import timing test and the weather API benchmark. The values are a smooth synthetic day
 * (not physics): GHI from the cosine of a simple solar elevation, temperatures and wind as sines.
 */
export function oneMinuteYearCsv(year = 2021): string {
  const lines: string[] = [
    'Source,Location ID,City,State,Country,Latitude,Longitude,Time Zone,Elevation,Local Time Zone,Pressure Units,Version',
    `Synthetic,1,Test,-,-,40.0,-105.0,-7,1600,-7,mbar,v3.2.2`,
    'Year,Month,Day,Hour,Minute,GHI,DNI,DHI,Temperature,Dew Point,Relative Humidity,Pressure,Wind Speed,Wind Direction,Surface Albedo',
  ];
  const start = Date.UTC(year, 0, 1);
  for (let i = 0; i < 525_600; i++) {
    const t = start + i * 60_000;
    const d = new Date(t);
    const dayOfYear = Math.floor(i / 1440);
    const minuteOfDay = i % 1440;
    const declination = 23.45 * Math.sin(((2 * Math.PI) / 365) * (dayOfYear - 81));
    const hourAngle = (minuteOfDay / 60 - 12) * 15;
    const rad = Math.PI / 180;
    const sinElevation =
      Math.sin(40 * rad) * Math.sin(declination * rad) +
      Math.cos(40 * rad) * Math.cos(declination * rad) * Math.cos(hourAngle * rad);
    const ghi = sinElevation > 0 ? Math.round(1000 * sinElevation * 10) / 10 : 0;
    const dni = sinElevation > 0 ? Math.round(850 * Math.sqrt(sinElevation)) : 0;
    const dhi = sinElevation > 0 ? Math.round(100 * sinElevation) : 0;
    const temp = (
      10 +
      12 * Math.sin(((2 * Math.PI) / 365) * (dayOfYear - 110)) +
      6 * Math.sin(((2 * Math.PI) / 1440) * (minuteOfDay - 540))
    ).toFixed(1);
    lines.push(
      `${d.getUTCFullYear()},${d.getUTCMonth() + 1},${d.getUTCDate()},${d.getUTCHours()},${d.getUTCMinutes()},${ghi},${dni},${dhi},${temp},-2.0,45,840,${(3 + 2 * Math.sin(i / 500)).toFixed(1)},${i % 360},0.2`,
    );
  }
  return lines.join('\n') + '\n';
}
