"""Classrooms: classes (a teacher, a name, a join code), their students, and the log of every change made to them.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("teacher_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_classes_teacher_id", "classes", ["teacher_id"])
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("account_id", sa.Integer(), sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("managed", sa.Boolean(), nullable=False),
        sa.Column("joined", sa.Float(), nullable=False),
    )
    op.create_index("ix_class_members_account_id", "class_members", ["account_id"])
    op.create_table(
        "class_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer(), sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(24), nullable=False),
        sa.Column("detail", sa.String(255), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_class_events_class_id", "class_events", ["class_id"])


def downgrade() -> None:
    for table in ("class_events", "class_members", "classes"):
        op.drop_table(table)
