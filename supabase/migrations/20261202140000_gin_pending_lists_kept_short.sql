-- Discover's searches read the GIN indexes on events' words, titles and tags (and groups'). A GIN
-- index takes new rows into a pending list, read in full by every search, until autovacuum or a
-- full list (gin_pending_list_limit, 4 MB by default) moves them into the index. At 100,000
-- events the data bench's search for a rare word spent 4 of its 9 ms in two pending lists of 188
-- and 340 pages (0.3 ms once cleaned). 64 kB lists keep that read to a few pages; whoever writes
-- the row that fills one moves it into the index, in batches still (decision 0462).
alter index public.events_search_idx set (gin_pending_list_limit = 64);
alter index public.events_title_trgm_idx set (gin_pending_list_limit = 64);
alter index public.events_tags_idx set (gin_pending_list_limit = 64);
alter index public.groups_search_idx set (gin_pending_list_limit = 64);
alter index public.groups_tags_idx set (gin_pending_list_limit = 64);
