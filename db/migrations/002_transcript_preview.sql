-- Meeting lists show the first 200 characters of a transcript. A stored copy spares every list from
-- reading (and decompressing) whole transcripts: at 1,000 meetings of 8,000 words that was ~50 MB a request.
alter table transcripts add column preview text generated always as (left(full_text, 200)) stored;
