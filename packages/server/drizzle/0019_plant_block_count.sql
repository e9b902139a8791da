-- The number of blocks of a plant as listed (spec 3 numOfBlocks, issue 18): GET Prediction/{id} answered
-- it by reading and parsing the whole plant document (507 kB of JSON for a 100-DC-field plant). Every
-- save writes it; existing plants count the objects of their `blocks` list, as the domain's asList does.
ALTER TABLE "power_plants" ADD COLUMN "block_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "power_plants" SET "block_count" = (
  SELECT count(*)::int
  FROM json_array_elements(CASE WHEN json_typeof("data" -> 'blocks') = 'array' THEN "data" -> 'blocks' ELSE '[]'::json END) AS b
  WHERE json_typeof(b) IN ('object', 'array')
);
