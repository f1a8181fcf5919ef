"""Players, the rest: rating pools (people; against a bot), bot accounts, bingos, forced password changes, deleted classes.

Revision ID: 0004
Revises: 0003

``ratings`` gets ``pool`` in its primary key (``people`` for every rating so far), which
SQLite can only do by building the table again: Alembic's batch mode copies it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("bot", sa.String(24), nullable=True))
        batch.add_column(sa.Column("must_change", sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table("ratings", recreate="always") as batch:
        batch.add_column(sa.Column("pool", sa.String(8), nullable=False, server_default="people"))
        batch.create_primary_key("pk_ratings", ["account_id", "ruleset", "time_class", "pool"])
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("pool", sa.String(8), nullable=False, server_default="people"))
        batch.add_column(sa.Column("bingos", sa.Integer(), nullable=True))
    with op.batch_alter_table("classes") as batch:
        batch.add_column(sa.Column("deleted", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("deleted")
    with op.batch_alter_table("results") as batch:
        batch.drop_column("bingos")
        batch.drop_column("pool")
    op.execute("DELETE FROM ratings WHERE pool <> 'people'")
    with op.batch_alter_table("ratings", recreate="always") as batch:
        batch.drop_column("pool")
        batch.create_primary_key("pk_ratings", ["account_id", "ruleset", "time_class"])
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("must_change")
        batch.drop_column("bot")
