import { useState } from 'react';
import { useI18n } from './accounting-export.i18n';
import { Drawer } from '../../ui/Drawer';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { AccountingConfigAccounts } from './AccountingConfigAccounts';
import { AccountingConfigCreateForm } from './AccountingConfigCreateForm';
import { AccountingConfigKeys } from './AccountingConfigKeys';
import './accounting-config.css';

export interface AccountingConfigDrawerProps {
  /** The establishment whose accounts, links and keys are configured. */
  companyId: string;
  onClose: () => void;
  /** After any saved change: the export page re-asks whether the period is exportable. */
  onSaved: () => void;
}

type View = 'accounts' | 'create' | 'settings';

/** The right drawer "Configuration des comptes" (spec 3 §2): Comptes, Créer compte, Configuration. */
export function AccountingConfigDrawer({ companyId, onClose, onSaved }: AccountingConfigDrawerProps) {
  const { t } = useI18n();
  const [view, setView] = useState<View>('accounts');
  return (
    <Drawer isOpen title={t('accountingConfig.title')} onClose={onClose}>
      <SegmentedControl<View>
        legend={t('accountingConfig.toggle')}
        options={[
          { value: 'accounts', label: t('accountingConfig.tab.accounts') },
          { value: 'create', label: t('accountingConfig.tab.create') },
          { value: 'settings', label: t('accountingConfig.tab.settings') },
        ]}
        value={view}
        onChange={setView}
      />
      <div className="accounting-config-view">
        {view === 'accounts' ? <AccountingConfigAccounts companyId={companyId} onSaved={onSaved} /> : null}
        {view === 'create' ? (
          <AccountingConfigCreateForm
            companyId={companyId}
            onCreated={() => {
              onSaved();
              setView('accounts');
            }}
          />
        ) : null}
        {view === 'settings' ? <AccountingConfigKeys companyId={companyId} onSaved={onSaved} /> : null}
      </div>
    </Drawer>
  );
}
