/**
 * The result shapes of spec 3 / spec 4 §1 that the result screens read (`GET …/ResultSummary`,
 * `…/ResultDetails`). Fields not listed stay available as JSON.
 */
import type { Json } from '../model/types.ts';

export interface SummaryFactor extends Json {
  pValue: number;
  pValueString?: string | null;
  plantNetEnergy: number | null;
  specificYieldAC?: number | null;
  specificYieldDC?: number | null;
  performanceRatio?: number | null;
  acCapacityFactor?: number | null;
  poAInsolation?: number | null;
  ghiSum?: number | null;
}

export interface ResultSummaryYear extends Json {
  year: number;
  yearIndex?: number;
  totalEnergy: number | null;
  summaryFactors: SummaryFactor[] | null;
  monthlyFactors?: Json[] | null;
}

export interface ResultSummary extends Json {
  predictionName?: string;
  acSize: number | null;
  dcSize: number | null;
  dcacRatio?: number | null;
  errorTotal?: number | null;
  weatherGHI?: number | null;
  weatherPOA?: number | null;
  years: ResultSummaryYear[] | null;
  blockResultSummaries?: Json[] | null;
}

export interface DetailRow extends Json {
  TimeStamp: string;
  POAI: number;
  EnergyGenerated: number;
  SpecificYieldDC: number;
  PerformanceRatio: number;
  ACCapacityFactor: number;
}

export interface ResultDetails extends Json {
  StartDate?: string;
  EndDate?: string;
  SubHourlyDetails?: DetailRow[] | null;
  HourlyDetails: DetailRow[] | null;
  DailyDetails: DetailRow[] | null;
  MonthlyDetails: DetailRow[] | null;
  YearlyDetails: DetailRow[] | null;
  Total: DetailRow | null;
}
