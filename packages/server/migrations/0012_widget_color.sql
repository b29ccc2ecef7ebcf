-- The web widget's brand colour (contract §3.4 `widget.color`): its header, launcher and buttons. Existing tenants
-- get the product's teal, the contract's default.
ALTER TABLE tenant_settings ADD COLUMN IF NOT EXISTS widget_color text NOT NULL DEFAULT '#00796b';
ALTER TABLE tenant_settings DROP CONSTRAINT IF EXISTS tenant_settings_widget_color_check;
ALTER TABLE tenant_settings ADD CONSTRAINT tenant_settings_widget_color_check CHECK (widget_color ~ '^#[0-9a-f]{6}$');
