-- Series and report files are stored out of line and uncompressed (issue 15). Float series gain
-- little from pglz (1.8x on a regular time axis, less on measurements; PDF and xlsx files are
-- compressed already), and on the embedded database compressing one 8 MB column held the only
-- connection, and so every other request, for about a second. PostgreSQL's default (EXTENDED)
-- compresses every value over 2 kB; EXTERNAL keeps the out-of-line storage without it. Values
-- stored before keep their form until rewritten.
ALTER TABLE "weather_columns" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "weather_column_uploads" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "prediction_result_series" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "prediction_reports" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
