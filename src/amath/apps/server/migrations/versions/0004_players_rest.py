"""Players, the rest: rating pools (people; against a bot), bot accounts, bingos, forced password changes, deleted classes.

Revision ID: 0004
Revises: 0003

``ratings`` gets ``pool`` in its primary key (``people`` for every rating so far), which
SQLite can only do by building the table again: a new table, the rows copied, the old one
dropped and the new one renamed (the same on PostgreSQL).
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
    _ratings_with_key(("account_id", "ruleset", "time_class", "pool"))
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
    _ratings_with_key(("account_id", "ruleset", "time_class"))
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("must_change")
        batch.drop_column("bot")


def _ratings_with_key(key: tuple[str, ...]) -> None:
    """Build ``ratings`` again with this primary key (with ``pool`` when the key has it), keeping every row."""
    pool = "pool" in key
    op.create_table(
        "ratings_new",
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("ruleset", sa.String(16), nullable=False),
        sa.Column("time_class", sa.String(16), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        *([sa.Column("pool", sa.String(8), nullable=False, server_default="people")] if pool else []),
        sa.PrimaryKeyConstraint(*key, name="pk_ratings" if pool else "pk_ratings_0002"),
    )
    columns = "account_id, ruleset, time_class, rating, rd, volatility, games, updated"
    op.execute(f"INSERT INTO ratings_new ({columns}) SELECT {columns} FROM ratings")
    op.drop_table("ratings")
    op.rename_table("ratings_new", "ratings")
