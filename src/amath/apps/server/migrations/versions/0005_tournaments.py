"""Tournaments: the tournament and its settings, directors, players, rounds, pairings with their results, and the log of changes.

Revision ID: 0005
Revises: 0004 (only ``down_revision`` names the revision before: the tables here depend on ``accounts`` alone)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("owner_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("mode", sa.String(8), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rev", sa.Integer(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_tournaments_owner_id", "tournaments", ["owner_id"])
    op.create_table(
        "tournament_directors",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("added", sa.Float(), nullable=False),
    )
    op.create_index("ix_tournament_directors_account_id", "tournament_directors", ["account_id"])
    op.create_table(
        "tournament_players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("school", sa.String(64), nullable=False),
        sa.Column("division", sa.String(32), nullable=False),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("first_round", sa.Integer(), nullable=False),
        sa.Column("withdrawn", sa.Integer(), nullable=True),
        sa.Column("added", sa.Float(), nullable=False),
    )
    op.create_index("ix_tournament_players_number", "tournament_players", ["tournament_id", "number"], unique=True)
    op.create_index("ix_tournament_players_account_id", "tournament_players", ["account_id"])
    op.create_table(
        "tournament_rounds",
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("method", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("published", sa.Float(), nullable=True),
    )
    op.create_table(
        "tournament_games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_no", sa.Integer(), nullable=False),
        sa.Column("first", sa.Integer(), nullable=False),
        sa.Column("second", sa.Integer(), nullable=True),
        sa.Column("score1", sa.Integer(), nullable=True),
        sa.Column("score2", sa.Integer(), nullable=True),
        sa.Column("forfeit", sa.String(8), nullable=True),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("arrived", sa.String(8), nullable=False),
        sa.Column("entered", sa.Float(), nullable=True),
    )
    op.create_index("ix_tournament_games_table", "tournament_games", ["tournament_id", "round", "table_no"], unique=True)
    op.create_index("ix_tournament_games_game_id", "tournament_games", ["game_id"])
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.Integer(), sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(24), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("old", sa.Text(), nullable=False),
        sa.Column("new", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_tournament_events_tournament_id", "tournament_events", ["tournament_id"])


def downgrade() -> None:
    tables = ("tournament_events", "tournament_games", "tournament_rounds", "tournament_players", "tournament_directors", "tournaments")
    for table in tables:
        op.drop_table(table)
