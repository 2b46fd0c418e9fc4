-- One database per service (each service owns its schema and migrations; none reads another's).
-- Run once by the postgres image on an empty data volume.
CREATE DATABASE auth;
CREATE DATABASE billing;
CREATE DATABASE chat;
CREATE DATABASE questionnaire;
CREATE DATABASE files;
CREATE DATABASE notifications;
