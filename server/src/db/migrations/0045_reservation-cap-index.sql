-- The hourly cap of reservation mail counts one address's last hour of them by kind (decision 153).
CREATE INDEX "mail_outbox_reservation_cap_idx" ON "mail_outbox" USING btree ("to_address","created_at") WHERE kind = 'reservation';
