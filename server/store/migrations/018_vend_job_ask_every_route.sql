-- A sale a restored backup held as queued or on the wire may have been sent by the node that
-- ran on after the backup to any of its routes (a later one after a refusal or an open
-- circuit). Its job asks every route until one has a record of it (jobs/restored-backup.ts).
ALTER TABLE vend_jobs ADD COLUMN ask_every_route INTEGER NOT NULL DEFAULT 0;
